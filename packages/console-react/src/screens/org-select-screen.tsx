import { useNavigate } from 'react-router'
import { organisationsQuery } from '@honu/core/query'
import { useConsoleClient, useMessages, useQuery } from '@honu/console-kit'
import { usePaths } from '../navigation/paths-context'
import { LoadStatus } from '../ui/load-status'
import { useFocusHeading } from '../ui/use-focus-heading'
import { selectMessages } from '../messages/select'

/** Organisation select (spec §2 `orgselection`): picking one opens mission operations. */
export function OrgSelectScreen() {
  const paths = usePaths()
  const client = useConsoleClient()
  const navigate = useNavigate()
  const heading = useFocusHeading()
  const t = useMessages(selectMessages)
  const organisations = useQuery(organisationsQuery(client))

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('chooseOrganisation')}
      </h1>
      <LoadStatus state={organisations} what={t('yourOrganisations')} loading={t('loadingOrganisations')} onRetry={organisations.retry} />
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
