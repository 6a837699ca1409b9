export {
  ALL_TENANTS,
  getRoles,
  deriveRole,
  isAdmin,
  isWriter,
  isController,
  isSuperAdmin,
  isOrgAdmin,
  hasRemainingAdmin,
  type Permissions,
  type KnownRole,
  type RoleHolder,
} from './roles'
export {
  MISSION_PLANNING_FLAG,
  canEnterMissionPlanning,
  hasOrganisationPermission,
  type FeatureFlags,
  type MissionPlanningRoles,
  type MissionPlanningUser,
} from './mission-planning'
export { createPermissionChecker, type PermissionChecker } from './create-permission-checker'
