import { MainContent } from '../layouts/main-content'
import { Link } from 'react-router'
import { usePaths } from '../navigation/paths-context'
import { useFocusHeading } from './use-focus-heading'

/** The 404 page for any other path (spec §2). */
export function NotFoundScreen() {
  const paths = usePaths()
  const heading = useFocusHeading()
  return (
    <div className="honu-card-layout">
      <MainContent className="honu-card">
        <h1 ref={heading} tabIndex={-1}>
          Page not found
        </h1>
        <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
        <p>
          <Link className="honu-link" to={paths.root}>
            Go to the console
          </Link>
        </p>
      </MainContent>
    </div>
  )
}
