import { useId, useState } from 'react'
import { Pause, Play, Square } from 'lucide-react'
import type { MissionExecutionState, VehicleTelemetry } from '@honu/core/live'
import { ConfirmDialog, useMessages } from '@honu/console-kit'
import { formatDuration, type ExecutionWaypoints, type PathWaypoint } from './execution-progress'
import { missionExecStatusMessages } from './mission-exec-status-messages'

/** An execution as the widget shows it: its state with the names of its mission and platform. */
export interface ShownExecution {
  state: MissionExecutionState
  missionName: string
  platformName: string
}

/** The platform's vehicle as the viewer sees it: found in the selected tenant (with its lease), or not there. */
export type ShownVehicle =
  | {
      kind: 'found'
      name: string
      telemetry?: VehicleTelemetry
      /** Who holds control (their name); `undefined` while nobody does. */
      holder?: string
      /** Whether the viewer holds it. */
      mine: boolean
      /** Whether the viewer asked for it. */
      asked: boolean
    }
  | { kind: 'elsewhere' }

/** A command the holder may send. */
export type ExecutionCommand = 'pause' | 'resume' | 'abort'

export interface MissionExecStatusViewProps {
  organisationName: string
  /** The organisation's executions topic: `loading`, `live`, `refused` (`idle`: as loading). */
  status: 'idle' | 'loading' | 'live' | 'refused'
  /** The live channel is reconnecting: what is shown is the last known. */
  liveLost?: boolean
  /** The executions to pick from (several: a picker shows), the shown one first in the widget's own order. */
  executions: readonly ShownExecution[]
  /** The one shown. */
  shown?: ShownExecution
  waypoints?: ExecutionWaypoints
  elapsedMs?: number
  remainingMs?: number
  vehicle?: ShownVehicle
  /** Why the last control request failed. */
  controlProblem?: string
  /** The server's words for the last command it refused. */
  commandProblem?: string
  onPick(executionId: string): void
  onRequestControl(): void
  onReleaseControl(): void
  /** Sends a command; resolves when the server answered (a refusal is shown through `commandProblem`). */
  onCommand(command: ExecutionCommand): Promise<void>
}

const ACTIVE = new Set(['pending', 'uploading', 'running', 'paused'])

/**
 * The MissionExecStatus widget's view: the shown execution's state (announced politely when it changes), its
 * progress (a labelled progress bar), the waypoints, the times, the vehicle's key telemetry, who is in control, and
 * Pause / Resume / Abort for the holder only (Abort confirmed).
 */
export function MissionExecStatusView(props: MissionExecStatusViewProps) {
  const t = useMessages(missionExecStatusMessages)
  const { organisationName, status, liveLost, executions, shown } = props
  const pickId = useId()
  const regionLabel = t('region', { organisation: organisationName })

  let body
  if (status === 'refused') body = <p className="honu-exec-status__note">{t('refused')}</p>
  else if (status !== 'live' && !shown) body = <p className="honu-exec-status__note">{t('loading')}</p>
  else if (!shown) body = <p className="honu-exec-status__note">{t('none', { organisation: organisationName })}</p>
  else body = <Execution {...props} shown={shown} />

  return (
    <section className="honu-exec-status" aria-label={regionLabel}>
      {liveLost && <p className="honu-exec-status__warning">{t('liveLost')}</p>}
      {executions.length > 1 && shown && (
        <p className="honu-exec-status__pick">
          <label htmlFor={pickId}>{t('pick')}</label>
          <select id={pickId} value={shown.state.executionId} onChange={(event) => props.onPick(event.target.value)}>
            {executions.map((e) => (
              <option key={e.state.executionId} value={e.state.executionId}>
                {t('option', { mission: e.missionName, platform: e.platformName, status: t('status', { status: e.state.status }) })}
              </option>
            ))}
          </select>
        </p>
      )}
      {body}
    </section>
  )
}

function Execution(props: MissionExecStatusViewProps & { shown: ShownExecution }) {
  const t = useMessages(missionExecStatusMessages)
  const { shown, waypoints, vehicle } = props
  const { state } = shown
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const statusText = t('status', { status: state.status })
  const reached = state.reachedItems.length
  const total = waypoints && waypoints.total > 0 ? waypoints.total : undefined
  const percent = Math.round(state.progress * 100)
  const active = ACTIVE.has(state.status)
  const mine = vehicle?.kind === 'found' && vehicle.mine
  const send = async (command: ExecutionCommand) => {
    setBusy(true)
    try {
      await props.onCommand(command)
    } finally {
      setBusy(false)
    }
  }
  const where = (w: PathWaypoint | undefined) =>
    w ? t('waypoint', { number: w.number, lat: w.lat.toFixed(5), lon: w.lon.toFixed(5) }) : t('noWaypoint')
  const duration = (ms: number | undefined) => (ms === undefined ? t('notKnown') : formatDuration(ms))

  return (
    <div className="honu-exec-status__body" data-state={state.status}>
      <h3 className="honu-exec-status__title">
        {shown.missionName} <span className="honu-exec-status__platform">· {shown.platformName}</span>
      </h3>
      {/* The state, announced politely when it changes (a live region present from the first render). */}
      <p role="status" aria-live="polite" className="honu-exec-status__state">
        <span className="honu-exec-status__dot" aria-hidden="true" /> {t('announce', { mission: shown.missionName, status: statusText })}
      </p>
      {state.reason && <p className="honu-exec-status__reason">{t('reason', { reason: state.reason })}</p>}
      <div className="honu-exec-status__progress">
        <progress
          max={100}
          value={percent}
          aria-label={t('progress', { mission: shown.missionName })}
          aria-valuetext={total !== undefined ? t('progressText', { reached, total }) : `${percent} %`}
        />
        <span>
          {state.status === 'uploading'
            ? t('uploaded', { uploaded: state.uploadedItems, count: state.itemCount })
            : state.currentItem !== undefined && state.itemCount > 0
              ? t('itemOf', { item: Math.min(state.currentItem + 1, state.itemCount), count: state.itemCount })
              : `${percent} %`}
          {total !== undefined && ` · ${t('progressText', { reached, total })}`}
        </span>
      </div>
      <dl className="honu-exec-status__facts">
        <div>
          <dt>{t('currentWaypoint')}</dt>
          <dd>{where(waypoints?.current)}</dd>
        </div>
        <div>
          <dt>{t('nextWaypoint')}</dt>
          <dd>{where(waypoints?.next)}</dd>
        </div>
        <div>
          <dt>{t('elapsed')}</dt>
          <dd>{duration(props.elapsedMs)}</dd>
        </div>
        <div>
          <dt>{t('remaining')}</dt>
          <dd>{active ? duration(props.remainingMs) : t('noWaypoint')}</dd>
        </div>
      </dl>
      {vehicle?.kind === 'found' ? (
        <>
          <Telemetry telemetry={vehicle.telemetry} />
          <div className="honu-exec-status__control">
            <p>
              {vehicle.mine
                ? t('youInControl', { vehicle: vehicle.name })
                : vehicle.holder
                  ? t('otherInControl', { name: vehicle.holder, vehicle: vehicle.name })
                  : t('nobodyInControl', { vehicle: vehicle.name })}
            </p>
            {vehicle.asked && !vehicle.mine && <p>{t('asked')}</p>}
            {vehicle.mine ? (
              <button type="button" className="honu-button honu-button--small" onClick={props.onReleaseControl}>
                {t('releaseControl')}
              </button>
            ) : vehicle.asked ? (
              <button type="button" className="honu-button honu-button--small" onClick={props.onReleaseControl}>
                {t('withdrawRequest')}
              </button>
            ) : (
              <button type="button" className="honu-button honu-button--small" onClick={props.onRequestControl}>
                {t('requestControl')}
              </button>
            )}
            {props.controlProblem && <p role="alert">{props.controlProblem}</p>}
          </div>
        </>
      ) : vehicle?.kind === 'elsewhere' ? (
        <p className="honu-exec-status__note">{t('vehicleElsewhere', { platform: shown.platformName })}</p>
      ) : null}
      {active &&
        (mine ? (
          <div role="group" aria-label={t('commands', { mission: shown.missionName })} className="honu-exec-status__commands">
            {state.status === 'paused' ? (
              <button type="button" className="honu-button" disabled={busy} onClick={() => void send('resume')}>
                <Play aria-hidden="true" size={16} /> {t('resume')}
              </button>
            ) : (
              <button type="button" className="honu-button" disabled={busy || state.status !== 'running'} onClick={() => void send('pause')}>
                <Pause aria-hidden="true" size={16} /> {t('pause')}
              </button>
            )}
            <button type="button" className="honu-button honu-button--danger" disabled={busy} onClick={() => setConfirming(true)}>
              <Square aria-hidden="true" size={16} /> {t('abort')}
            </button>
          </div>
        ) : (
          <p className="honu-exec-status__note">{t('commandsNeedControl')}</p>
        ))}
      {props.commandProblem && (
        <p role="alert" className="honu-exec-status__problem">
          {t('refusedCommand', { reason: props.commandProblem })}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('abortTitle', { mission: shown.missionName })}
        description={t('abortDescription')}
        confirmLabel={t('abortConfirm')}
        danger
        onConfirm={() => send('abort')}
      />
    </div>
  )
}

function Telemetry({ telemetry }: { telemetry: VehicleTelemetry | undefined }) {
  const t = useMessages(missionExecStatusMessages)
  if (!telemetry) return <p className="honu-exec-status__note">{t('noTelemetry')}</p>
  const speed = telemetry.groundSpeedMs ?? telemetry.airSpeedMs
  const altitude = telemetry.position?.relativeAltitudeM ?? telemetry.position?.altitudeM
  const battery = telemetry.battery?.remainingPct
  const known = (value: number | undefined, key: 'metresPerSecond' | 'metres' | 'percent', digits: number) =>
    value === undefined ? t('notKnown') : t(key, { value: value.toFixed(digits) })
  return (
    <dl className="honu-exec-status__facts" aria-label={t('vehicle')}>
      <div>
        <dt>{t('speed')}</dt>
        <dd>{known(speed, 'metresPerSecond', 1)}</dd>
      </div>
      <div>
        <dt>{t('altitude')}</dt>
        <dd>{known(altitude, 'metres', 1)}</dd>
      </div>
      <div>
        <dt>{t('battery')}</dt>
        <dd>{known(battery, 'percent', 0)}</dd>
      </div>
    </dl>
  )
}
