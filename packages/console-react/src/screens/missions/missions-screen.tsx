import { useState } from 'react'
import { Link } from 'react-router'
import { missionMessages } from '@honu/core/mission'
import {
  createOpenPlanSlot,
  OpenPlanContext,
  useConsoleClient,
  useMessages,
  useQuery,
  useSession,
  useTenant,
  useTranslationsReady,
  useWidgetRegistry,
} from '@honu/console-kit'
import { Dashboard } from '../../dashboard/dashboard'
import { DashboardToolbar } from '../../dashboard/dashboard-toolbar'
import { areaMessages } from '../../messages/areas'
import { usePaths } from '../../navigation/paths-context'
import { LoadStatus } from '../../ui/load-status'
import { useFocusHeading } from '../../ui/use-focus-heading'
import { membershipsQuery, missionsQuery, organisationAccess, platformsQuery, type OrganisationAccess } from './mission-data'
import { missionsMessages } from './missions-messages'
import { PlanPanel } from './plan-panel'
import { platformOf, RecordsPanel } from './records-panel'
import { StartExecution } from './start-execution'
import { executionMessages } from './execution-messages'

// The translations the screen waits for: its own, its Start execution action's, and core's mission book (file
// refusals, checks).
const BOOKS = [missionsMessages.translations, executionMessages.translations, missionMessages.translations]

/**
 * Mission operations (spec §2 `missionoperations`, issue 25): the selected organisation's campaigns and missions,
 * a mission's plan (a table and a map to plan on, sharing one editor), and the `mission-operations` dashboard (where
 * the MissionExecStatus and Map widgets live; its maps show the open plan too). What
 * it offers follows the caller's Organisation permission per action in that organisation (spec §6); the server
 * enforces the same.
 */
export function MissionsScreen() {
  const client = useConsoleClient()
  const t = useMessages(missionsMessages)
  const area = useMessages(areaMessages)
  const paths = usePaths()
  const heading = useFocusHeading()
  const registry = useWidgetRegistry()
  const organisation = useTenant((s) => s.organisation)
  const uid = useSession((s) => s.user?.uid)
  useTranslationsReady(BOOKS)
  const memberships = useQuery(!!uid && !!organisation && membershipsQuery(client, uid))
  const title = area('missionOperations')
  // The plan open in the panel, which every map of this screen (the panel's, the dashboard's Map widgets) shows and edits.
  const [openPlan] = useState(createOpenPlanSlot)

  let body
  if (!organisation) {
    body = (
      <div className="honu-empty">
        <p className="honu-empty__title">{t('noOrganisation')}</p>
        <Link className="honu-link" to={paths.orgSelection}>
          {t('chooseOrganisation')}
        </Link>
      </div>
    )
  } else if (memberships.status !== 'ready') {
    body = <LoadStatus state={memberships} what={t('theAccess')} loading={t('loadingAccess')} onRetry={memberships.retry} />
  } else {
    const access = organisationAccess(memberships.data, organisation.id)
    body = access.read ? (
      <OrganisationMissions key={organisation.id} organisation={organisation} access={access} />
    ) : (
      <div className="honu-empty">
        <p className="honu-empty__title">{t('noRead', { organisation: organisation.name })}</p>
      </div>
    )
  }

  return (
    <OpenPlanContext.Provider value={openPlan}>
      <section className="honu-work-area honu-missions" aria-labelledby="honu-work-area-title">
        <h1 id="honu-work-area-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {body}
        {registry && (
          <>
            <DashboardToolbar workspace="mission-operations" />
            <Dashboard workspace="mission-operations" registry={registry} label={area('dashboard', { area: title })} />
          </>
        )}
      </section>
    </OpenPlanContext.Provider>
  )
}

/** One organisation's campaigns and missions, and the plan of the mission opened. */
function OrganisationMissions({ organisation, access }: { organisation: { id: string; name: string }; access: OrganisationAccess }) {
  const client = useConsoleClient()
  const t = useMessages(missionsMessages)
  const [open, setOpen] = useState<string>()
  const missions = useQuery(missionsQuery(client, organisation.id))
  const platforms = useQuery(platformsQuery(client, organisation.id))
  const mission = missions.status === 'ready' ? missions.data.find((m) => m.id === open) : undefined
  return (
    <>
      {!access.write && <p className="honu-muted">{t('readOnly', { organisation: organisation.name })}</p>}
      <RecordsPanel organisation={organisation} access={access} onOpenMission={setOpen} />
      {mission && platforms.status === 'ready' && (
        <PlanPanel
          key={mission.id}
          mission={mission}
          platform={platformOf(platforms.data, mission)}
          organisationId={organisation.id}
          canWrite={access.write && mission.status !== 'archived'}
          onClose={() => setOpen(undefined)}
        />
      )}
      {/* Executing the saved plan (issue 25: start-execution.tsx), for those who may write the organisation's records. */}
      {mission && platforms.status === 'ready' && access.write && mission.status !== 'archived' && (
        <StartExecution
          key={`start-${mission.id}`}
          mission={mission}
          platform={platformOf(platforms.data, mission)}
          organisationId={organisation.id}
        />
      )}
    </>
  )
}
