import type { FeatureFlags } from '../flags/feature-flags'
import { isOrgAdmin, type Permissions } from './roles'

// Kept here too: hosts imported it from this module before flags/ had its own.
export type { FeatureFlags }

/** The flag that gates the mission planning area. */
export const MISSION_PLANNING_FLAG = 'mission_planning'

/**
 * Whether a user may enter the mission planning area: the `mission_planning` flag is on and the user is
 * `org-admin` under the all-tenants key (spec §2, §6). The guard also needs the user record to load; that part
 * is asynchronous and lives in the guard.
 */
export function canEnterMissionPlanning(
  user: { permissions?: Permissions | null } | null | undefined,
  flags: FeatureFlags | null | undefined,
): boolean {
  return flags?.[MISSION_PLANNING_FLAG] === true && isOrgAdmin(user?.permissions)
}

/** A mission-planning user's roles: per resource family, the actions allowed. */
export interface MissionPlanningRoles {
  Organisation?: readonly string[]
  [family: string]: readonly string[] | undefined
}

/** A user of the mission planning product (spec §3). */
export interface MissionPlanningUser {
  id: string
  uid: string
  email: string
  roles?: MissionPlanningRoles | null
  super_admin?: boolean
  avatar?: string
}

/**
 * Whether a mission-planning user may perform an action: a super admin may do anything, anyone else needs the
 * action in their `Organisation` roles (spec §6). Actions compare case-insensitively.
 *
 * @example hasOrganisationPermission(user, 'write')
 */
export function hasOrganisationPermission(user: Pick<MissionPlanningUser, 'roles' | 'super_admin'> | null | undefined, action: string): boolean {
  if (!user) return false
  if (user.super_admin === true) return true
  const wanted = action.toLowerCase()
  return (user.roles?.Organisation ?? []).some((granted) => typeof granted === 'string' && granted.toLowerCase() === wanted)
}
