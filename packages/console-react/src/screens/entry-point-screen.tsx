import { Link } from 'react-router'
import { usePaths } from '../navigation/paths-context'
import { useFocusHeading } from '../ui/use-focus-heading'
import { useMessages } from '@honu/console-kit'
import { selectMessages } from '../messages/select'

/** Entry point (spec §2 `entrypoint`): an organisation admin chooses between the two products. */
export function EntryPointScreen() {
  const paths = usePaths()
  const heading = useFocusHeading()
  const t = useMessages(selectMessages)
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('whereTo')}
      </h1>
      <ul className="honu-choice-list">
        <li>
          <Link className="honu-choice" to={paths.tenant}>
            <span className="honu-choice__title">HonuNet</span>
            <span className="honu-choice__detail">{t('honuNetText')}</span>
          </Link>
        </li>
        <li>
          <Link className="honu-choice" to={paths.orgSelection}>
            <span className="honu-choice__title">MissionPlanning</span>
            <span className="honu-choice__detail">{t('missionPlanningText')}</span>
          </Link>
        </li>
      </ul>
    </>
  )
}
