// @honu/core/live: the live channel (protocol, schemas, client controller, telemetry store). Its own entry, so
// neither the login route nor the main entry grows; the console client loads it on first use.
export * from './telemetry'
export * from './protocol'
export * from './live-channel'
export * from './vehicles-store'
export * from './devices-store'
export * from './control-store'
export * from './executions-store'
export type { TenantSource } from './tenant-feed-store'
export * from './create-live-client'
export * from './control'
export * from './remote-desktop'
