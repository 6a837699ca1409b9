import { Link } from 'react-router'
import { usePaths } from '../navigation/paths-context'
import { useFocusHeading } from './use-focus-heading'

/** Entry point (spec §2 `entrypoint`): an organisation admin chooses between the two products. */
export function EntryPointScreen() {
  const paths = usePaths()
  const heading = useFocusHeading()
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Where to?
      </h1>
      <ul className="honu-choice-list">
        <li>
          <Link className="honu-choice" to={paths.tenant}>
            <span className="honu-choice__title">HonuNet</span>
            <span className="honu-choice__detail">Streams, remote access and networks of a tenant</span>
          </Link>
        </li>
        <li>
          <Link className="honu-choice" to={paths.orgSelection}>
            <span className="honu-choice__title">MissionPlanning</span>
            <span className="honu-choice__detail">Mission operations, review and users of an organisation</span>
          </Link>
        </li>
      </ul>
    </>
  )
}
