import type { MissionPlanningRoles } from '@honu/core'
import { ApiError } from '../api-error'
import type { Database } from '../db/database'

/** A caller's membership of one organisation (mission planning). */
export interface Membership {
  id: string
  uid: string
  email: string
  name: string
  organisation_id: string
  roles: MissionPlanningRoles
  super_admin: boolean
}

/** The caller of a v2 route, loaded by the access gate: every organisation they belong to. */
export interface OrganisationCaller {
  uid: string
  superAdmin: boolean
  memberships: Membership[]
}

/** Loads a signed-in account's memberships; an account with none has no access to mission planning. */
export async function loadOrganisationCaller(db: Pick<Database, 'query'>, uid: string): Promise<OrganisationCaller> {
  // Read on every v2 request: from the read cache, which every write of this process empties (src/db/read-cache.ts).
  const memberships = await db.query<Membership>(
    'select id, uid, email, name, organisation_id, roles, super_admin from mp_users where uid = $1',
    [uid],
    { cached: true },
  )
  if (memberships.length === 0) {
    throw new ApiError(403, 'no-access', 'This account has no access to mission planning. Ask an organisation admin.')
  }
  return { uid, superAdmin: memberships.some((m) => m.super_admin), memberships }
}
