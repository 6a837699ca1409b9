import type { MissionPlanningUser } from '../permissions/mission-planning'

/** Fields every v2 record carries. */
export interface V2Record {
  id: string
  create_time?: string
  update_time?: string
}

export interface Organisation extends V2Record {
  name: string
}
export interface Campaign extends V2Record {
  organisation_id: string
  name: string
}
export interface Platform extends V2Record {
  organisation_id: string
  name: string
  /** Device kind of the platform (camera, vehicle, remote_access; anything else is unknown). */
  kind?: string
}
export interface Mission extends V2Record {
  campaign_id: string
  name: string
  status?: string
}
export interface Execution extends V2Record {
  mission_id: string
  platform_id?: string
  status: string
  started_at?: string
  ended_at?: string
}
export interface Asset extends V2Record {
  organisation_id: string
  name: string
  kind?: string
  group_id?: string | null
}
export interface AssetGroup extends V2Record {
  organisation_id: string
  name: string
}
export interface Chart extends V2Record {
  organisation_id: string
  name: string
  url?: string
}
export interface AuditEntry extends V2Record {
  actor: string
  action: string
  resource: string
}
/** A relationship tuple (who has which relation to which object). */
export interface RebacTuple extends V2Record {
  subject: string
  relation: string
  object: string
}

/** Record type of each v2 resource path (spec §3). */
export interface V2Resources {
  organisation: Organisation
  campaign: Campaign
  platform: Platform
  mission: Mission
  execution: Execution
  asset: Asset
  'asset/group': AssetGroup
  chart: Chart
  user: MissionPlanningUser
  audit: AuditEntry
  'user/rebac': RebacTuple
}

/** A v2 resource name. */
export type V2ResourceName = keyof V2Resources

/** Every v2 resource name, in the spec's order. */
export const V2_RESOURCE_NAMES = [
  'organisation',
  'campaign',
  'platform',
  'mission',
  'execution',
  'asset',
  'asset/group',
  'chart',
  'user',
  'audit',
  'user/rebac',
] as const satisfies readonly V2ResourceName[]
