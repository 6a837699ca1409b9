import { useState } from 'react'
import { serverWords, type Execution } from '@honu/core'
import { checkPlan, describeMissionProblem, parseMissionPlan } from '@honu/core/mission'
import { useConsoleClient, useDeviceControl, useErrorText, useMessages, useSession, useTranslate, useVehicles } from '@honu/console-kit'
import type { MissionRecord, PlatformRecord } from './mission-data'
import { usePlanChecks } from './use-plan-checks'
import { executionMessages } from './execution-messages'

/** A platform with the MAVLink system id of its vehicle (the server binds it to one device of one tenant). */
type BoundPlatform = PlatformRecord & { mavlink_system_id?: number }

export interface StartExecutionProps {
  mission: MissionRecord
  platform: BoundPlatform | undefined
  organisationId: string
}

/**
 * A mission's Start execution action (issue 25): offered for the saved plan when it passes `checkPlan` (disabled
 * with the reason otherwise), with the vehicle's control lease beside it (the server starts an execution only for
 * the operator in control). Start creates a pending v2 `execution` record and asks the server to start it; a refusal
 * shows the server's words, and Start again reuses the same pending record. The MissionExecStatus widget follows it.
 */
export function StartExecution({ mission, platform, organisationId }: StartExecutionProps) {
  const client = useConsoleClient()
  const t = useMessages(executionMessages)
  const translate = useTranslate()
  const errorText = useErrorText()
  const [pendingId, setPendingId] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'status' | 'alert'; text: string }>()
  const reasonId = `honu-start-reason-${mission.id}`
  const checks = usePlanChecks(platform)

  let reason: string | undefined
  if (!platform) reason = t('noPlatform')
  else if (mission.plan === undefined) reason = t('noPlan')
  else {
    const parsed = parseMissionPlan(mission.plan)
    if (!parsed.ok) reason = t('badPlan', { reason: parsed.problem })
    else {
      const [finding] = checkPlan(parsed.plan, checks.check)
      if (finding) reason = t('finding', { finding: describeMissionProblem(translate, finding) })
    }
  }

  const start = async () => {
    setBusy(true)
    setAnswer(undefined)
    try {
      let id = pendingId
      if (!id) {
        const created = await client.v2.resource('execution').create({
          mission_id: mission.id,
          platform_id: platform?.id,
          organisation_id: organisationId,
          status: 'pending',
        } as Partial<Execution>)
        id = created.id
        setPendingId(id)
      }
      await client.v2.command('execution', id, 'start', { query: { organisation_id: organisationId } })
      setPendingId(undefined)
      setAnswer({ tone: 'status', text: t('started') })
    } catch (error) {
      setAnswer({ tone: 'alert', text: t('refused', { reason: serverWords(error) ?? errorText(error, t('noAnswer')) }) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="honu-missions__execution" aria-label={t('heading', { mission: mission.name })}>
      {platform && platform.mavlink_system_id !== undefined && <VehicleControl platform={platform} systemId={platform.mavlink_system_id} />}
      <p>
        <button
          type="button"
          className="honu-button"
          disabled={!!reason || busy}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => void start()}
        >
          {busy ? t('starting') : t('start')}
        </button>
      </p>
      {reason && (
        <p id={reasonId} className="honu-muted">
          {reason}
        </p>
      )}
      <p role={answer?.tone === 'alert' ? 'alert' : 'status'}>{answer?.text}</p>
    </section>
  )
}

/** The platform's vehicle's lease, when the vehicle is among the selected tenant's vehicles. */
function VehicleControl({ platform, systemId }: { platform: BoundPlatform; systemId: number }) {
  const t = useMessages(executionMessages)
  const { vehicles } = useVehicles()
  const vehicle = Object.values(vehicles).find((v) => v.systemId === systemId)
  if (!vehicle) return <p className="honu-muted">{t('vehicleElsewhere', { platform: platform.name })}</p>
  return <Lease deviceId={vehicle.deviceId} name={platform.name} />
}

function Lease({ deviceId, name }: { deviceId: string; name: string }) {
  const t = useMessages(executionMessages)
  const uid = useSession((s) => s.user?.uid)
  const control = useDeviceControl(deviceId)
  const [refused, setRefused] = useState(false)
  const holder = control.control?.holder
  if (holder?.uid === uid) return <p>{t('youInControl', { vehicle: name })}</p>
  return (
    <p>
      {holder ? t('otherInControl', { name: holder.name, vehicle: name }) : t('nobodyInControl', { vehicle: name })}{' '}
      <button
        type="button"
        className="honu-button honu-button--small"
        onClick={() =>
          void control.request().then(
            (a) => setRefused(!a.ok),
            () => setRefused(true),
          )
        }
      >
        {t('requestControl', { vehicle: name })}
      </button>
      {refused && <span role="alert"> {t('controlRefused')}</span>}
    </p>
  )
}
