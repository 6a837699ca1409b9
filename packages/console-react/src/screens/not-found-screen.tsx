import { MainContent } from '../ui/main-content'
import { Link } from 'react-router'
import { usePaths } from '../navigation/paths-context'
import { useFocusHeading } from '../ui/use-focus-heading'
import { useMessages } from '@honu/console-kit'
import { panelMessages } from '../messages/panels'

/** The 404 page for any other path (spec §2). */
export function NotFoundScreen() {
  const paths = usePaths()
  const heading = useFocusHeading()
  const t = useMessages(panelMessages)
  return (
    <div className="honu-card-layout">
      <MainContent className="honu-card">
        <h1 ref={heading} tabIndex={-1}>
          {t('notFound')}
        </h1>
        <p>{t('notFoundText')}</p>
        <p>
          <Link className="honu-link" to={paths.root}>
            {t('goToConsole')}
          </Link>
        </p>
      </MainContent>
    </div>
  )
}
