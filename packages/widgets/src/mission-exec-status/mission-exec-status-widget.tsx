import { useState } from 'react'
import { serverWords, type Mission, type Platform } from '@honu/core'
import { orderExecutions, pickExecution, type MissionExecutionState } from '@honu/core/live'
import { parseMissionPlan } from '@honu/core/mission'
import type { QueryDefinition } from '@honu/core/query'
import {
  useConsoleClient,
  useDeviceControl,
  useErrorText,
  useExecutions,
  useLiveConnection,
  useMessages,
  useQuery,
  useSession,
  useTenant,
  useVehicles,
} from '@honu/console-kit'
import type { WidgetProps } from '@honu/console-kit/widget'
import { useNow } from '../use-now'
import { elapsedMs, executionWaypoints, remainingMs } from './execution-progress'
import { missionExecStatusMessages } from './mission-exec-status-messages'
import type { MissionExecStatusWidgetData } from './mission-exec-status-widget-data'
import { MissionExecStatusView, type ExecutionCommand, type ShownExecution, type ShownVehicle } from './mission-exec-status-view'

type MissionRecord = Mission & { plan?: unknown; platform_id?: string }
type PlatformRecord = Platform & { mavlink_system_id?: number }

const byName = <T extends { name: string }>(items: T[]): T[] => [...items].sort((a, b) => a.name.localeCompare(b.name))

// The same keys and order as the mission operations screen's queries (console-react's mission-data.ts), so the
// screen and the widget share one entry of the console's query cache, and a change there refreshes both.
type V2 = ReturnType<typeof useConsoleClient>
const missionsQuery = (client: V2, organisationId: string): QueryDefinition<MissionRecord[]> => ({
  key: ['v2', 'mission', organisationId],
  load: async (signal) => byName((await client.v2.resource('mission').list({ organisation_id: organisationId }, { signal })) as MissionRecord[]),
})
const platformsQuery = (client: V2, organisationId: string): QueryDefinition<PlatformRecord[]> => ({
  key: ['v2', 'platform', organisationId],
  load: async (signal) => byName((await client.v2.resource('platform').list({ organisation_id: organisationId }, { signal })) as PlatformRecord[]),
})

/**
 * The dashboard's MissionExecStatus widget (issue 25, `mission-operations` workspace): the selected organisation's
 * running (or most recent) execution, or the one picked, live from the organisation's executions topic on the
 * console's one live channel; its vehicle's telemetry and control lease from the selected tenant's topics; and
 * Pause / Resume / Abort through the v2 execution actions, offered to the vehicle's control holder only.
 */
export function MissionExecStatusWidget({ widget, setData }: WidgetProps<MissionExecStatusWidgetData>) {
  const t = useMessages(missionExecStatusMessages)
  const organisation = useTenant((s) => s.organisation)
  if (!organisation) return <p className="honu-exec-status__note honu-exec-status">{t('noOrganisation')}</p>
  return (
    <OrganisationExecution
      key={organisation.id}
      organisation={organisation}
      pickedId={widget.data.executionId}
      onPick={(executionId) => setData({ ...widget.data, executionId })}
    />
  )
}

function OrganisationExecution(props: { organisation: { id: string; name: string }; pickedId?: string; onPick(id: string): void }) {
  const { organisation } = props
  const client = useConsoleClient()
  const { status, executions } = useExecutions(organisation.id)
  const connection = useLiveConnection()
  const missions = useQuery(missionsQuery(client, organisation.id))
  const platforms = useQuery(platformsQuery(client, organisation.id))
  const now = useNow()
  const missionOf = (id: string) => (missions.status === 'ready' ? missions.data.find((m) => m.id === id) : undefined)
  const platformOf = (id: string) => (platforms.status === 'ready' ? platforms.data.find((p) => p.id === id) : undefined)
  const shownOf = (state: MissionExecutionState): ShownExecution => ({
    state,
    missionName: missionOf(state.missionId)?.name ?? state.missionId,
    platformName: platformOf(state.platformId)?.name ?? state.platformId,
  })
  const picked = pickExecution(executions, props.pickedId)
  const mission = picked ? missionOf(picked.missionId) : undefined
  // Read with the schema at this edge (a stored record); the React Compiler keeps it while the record stays the same.
  const parsed = mission?.plan === undefined ? undefined : parseMissionPlan(mission.plan)
  const plan = parsed?.ok ? parsed.plan : undefined

  return (
    <ShownExecutionStatus
      organisationName={organisation.name}
      organisationId={organisation.id}
      status={status}
      liveLost={connection.status === 'reconnecting'}
      executions={orderExecutions(executions).map(shownOf)}
      shown={picked && shownOf(picked)}
      platform={picked ? platformOf(picked.platformId) : undefined}
      waypoints={picked && executionWaypoints(plan, picked)}
      elapsedMs={picked && elapsedMs(picked, now)}
      remainingMs={picked && remainingMs(picked, now)}
      onPick={props.onPick}
    />
  )
}

type StatusProps = Omit<Parameters<typeof MissionExecStatusView>[0], 'vehicle' | 'onRequestControl' | 'onReleaseControl' | 'onCommand'> & {
  organisationId: string
  platform?: PlatformRecord
}

/** The shown execution with its vehicle: found by the platform's MAVLink system id among the selected tenant's vehicles. */
function ShownExecutionStatus({ platform, organisationId, ...props }: StatusProps) {
  const { status, vehicles } = useVehicles()
  const systemId = platform?.mavlink_system_id
  const telemetry = systemId === undefined ? undefined : Object.values(vehicles).find((v) => v.systemId === systemId)
  if (telemetry) return <WithControl {...props} organisationId={organisationId} deviceId={telemetry.deviceId} />
  // Not among the tenant's vehicles once they are known (or no tenant is selected); nothing said while they load.
  const elsewhere = !!platform && systemId !== undefined && status !== 'loading'
  return <WithoutControl {...props} organisationId={organisationId} vehicle={elsewhere ? { kind: 'elsewhere' } : undefined} />
}

function WithControl({ deviceId, ...props }: Omit<StatusProps, 'platform'> & { deviceId: string }) {
  const t = useMessages(missionExecStatusMessages)
  const uid = useSession((s) => s.user?.uid)
  const { vehicles } = useVehicles()
  const control = useDeviceControl(deviceId)
  const [problem, setProblem] = useState<string>()
  const holder = control.control?.holder
  const vehicle: ShownVehicle = {
    kind: 'found',
    name: props.shown?.platformName ?? deviceId,
    telemetry: vehicles[deviceId],
    holder: holder?.name,
    mine: !!holder && holder.uid === uid,
    asked: !!control.control?.requests.some((p) => p.uid === uid),
  }
  const ask = async (action: () => ReturnType<typeof control.request>) => {
    setProblem(undefined)
    try {
      const answer = await action()
      if (!answer.ok) setProblem(t(answer.code === 'not-holder' ? 'notHolder' : 'controlRefused'))
    } catch (error) {
      setProblem(t('controlFailed', { reason: error instanceof Error && error.message ? error.message : t('noAnswer') }))
    }
  }
  return (
    <WithoutControl
      {...props}
      vehicle={vehicle}
      controlProblem={problem}
      onRequestControl={() => void ask(control.request)}
      onReleaseControl={() => void ask(control.release)}
    />
  )
}

function WithoutControl({
  organisationId,
  ...props
}: Omit<StatusProps, 'platform'> & { vehicle?: ShownVehicle; controlProblem?: string; onRequestControl?(): void; onReleaseControl?(): void }) {
  const client = useConsoleClient()
  const errorText = useErrorText()
  const t = useMessages(missionExecStatusMessages)
  const [problem, setProblem] = useState<{ executionId: string; text: string }>()
  const executionId = props.shown?.state.executionId
  const onCommand = async (command: ExecutionCommand) => {
    if (!executionId) return
    setProblem(undefined)
    try {
      await client.v2.command('execution', executionId, command, { query: { organisation_id: organisationId } })
    } catch (error) {
      setProblem({ executionId, text: serverWords(error) ?? errorText(error, t('noAnswer')) })
    }
  }
  return (
    <MissionExecStatusView
      {...props}
      commandProblem={problem && problem.executionId === executionId ? problem.text : undefined}
      onRequestControl={props.onRequestControl ?? (() => {})}
      onReleaseControl={props.onReleaseControl ?? (() => {})}
      onCommand={onCommand}
    />
  )
}
