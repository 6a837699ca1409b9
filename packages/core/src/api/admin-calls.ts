// The admin console's calls of the v1 client (the paged user list, the audit trail and its export, a tenant's
// devices), one module the client loads with the first of them: their schemas and bodies weigh nothing on the login
// route, and one lazy import costs the route less than one per call.
export { fetchUsersPage } from './users-page'
export { fetchAuditExport, fetchAuditPage } from './audit'
export { fetchManagedDevices, patchDevice, postDevice, postIngestToken } from './device-admin'
