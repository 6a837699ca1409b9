import type { Database } from '../db/database'
import { recordAudit } from '../audit/audit-log'
import type { ControlEvent } from './control-leases'

/**
 * A control lease's event in the audit trail of the device's tenant: `control.grant`, `control.request`,
 * `control.release`, `control.handoff`, `control.take`, `control.expire` or `control.leave`, with the holder before
 * and after (by uid and name). An idle end is the server's doing: its actor is `system`.
 */
export async function recordControlEvent(db: Pick<Database, 'query'>, event: ControlEvent): Promise<void> {
  const holder = (person: ControlEvent['before']) => (person ? { holder: person.uid, holderName: person.name } : { holder: null })
  await recordAudit(db, {
    actor: event.actor ? { uid: event.actor.uid } : { uid: 'system' },
    tenantId: event.tenantId,
    action: `control.${event.action}`,
    resourceType: 'device',
    resourceId: event.deviceId,
    before: holder(event.before),
    after: holder(event.after),
  })
}
