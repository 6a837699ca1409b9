import { useNavigate } from 'react-router'
import { useConsoleClient, useMessages } from '@honu/console-kit'
import { usePaths } from '../navigation/paths-context'
import { LoadStatus } from './load-status'
import { useAsync } from './use-async'
import { useFocusHeading } from './use-focus-heading'
import { selectMessages } from '../messages/select'

/** Organisation select (spec §2 `orgselection`): picking one opens mission operations. */
export function OrgSelectScreen() {
  const paths = usePaths()
  const client = useConsoleClient()
  const navigate = useNavigate()
  const heading = useFocusHeading()
  const t = useMessages(selectMessages)
  const [organisations, retry] = useAsync(async () =>
    (await client.v2.resource('organisation').list()).sort((a, b) => a.name.localeCompare(b.name)),
  )

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('chooseOrganisation')}
      </h1>
      <LoadStatus state={organisations} what={t('yourOrganisations')} loading={t('loadingOrganisations')} onRetry={retry} />
      {organisations.status === 'ready' && (
        <ul className="honu-choice-list" aria-label={t('organisations')}>
          {organisations.data.map((org) => (
            <li key={org.id}>
              <button
                type="button"
                className="honu-choice"
                onClick={() => {
                  client.tenant.getState().setOrganisation({ id: org.id, name: org.name })
                  navigate(paths.missionOperations)
                }}
              >
                <span className="honu-choice__title">{org.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
