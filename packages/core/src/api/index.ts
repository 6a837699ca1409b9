export {
  createHttpClient,
  withQuery,
  DEFAULT_TIMEOUT_MS,
  type HttpClient,
  type HttpClientOptions,
  type RequestOptions,
  type Query,
  type FetchLike,
  type BlobAnswer,
} from './http-client'
export { createV1Client, proxyAddress, sortTenantsByName, type V1Client, type V1ClientOptions } from './create-v1-client'
export { withCidrRanges } from './tenant-ranges'
export type { UsersPage, UsersPageRequest, UsersSort } from './users-page'
export type { AuditFilters, AuditPageRequest, AuditExportFormat, AuditExport, AuditTrailEntry, AuditPage } from './audit-types'
export type * from './v1-types'
export { createV2Client, type V2Client, type V2ClientOptions, type V2ResourceClient } from './create-v2-client'
export { resolveV2Url, type V2ServiceMap } from './v2-url'
export { unwrapV2 } from './unwrap-v2'
export { V2_RESOURCE_NAMES } from './v2-types'
export type {
  V2Record,
  V2Resources,
  V2ResourceName,
  Organisation,
  Campaign,
  Platform,
  Mission,
  Execution,
  Asset,
  AssetGroup,
  Chart,
  AuditEntry,
  RebacTuple,
} from './v2-types'
export { pingHealth } from './ping-health'
