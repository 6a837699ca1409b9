import {
  hasOrganisationPermission,
  type HttpClient,
  type Campaign,
  type Mission,
  type MissionPlanningUser,
  type Platform,
  type V2Client,
} from '@honu/core'
import type { QueryDefinition } from '@honu/core/query'
import { createLandIndex, type CheckOptions, type LandIndex, type MeasureOptions } from '@honu/core/mission'

// The mission operations screen's data: its queries of the console's one query cache (v2 records of the selected
// organisation, each list filtered by `organisation_id` on the server), the caller's Organisation permission per
// action (spec §6), and the optional platform fields the plan's figures go by.

/** A campaign as the screen reads it: `status` is `archived` once archived, absent (active) before. */
export type CampaignRecord = Campaign & { status?: string }

/** A mission as the screen reads it: the platform that flies it and its plan (checked with `parseMissionPlan`). */
export type MissionRecord = Mission & { organisation_id?: string; platform_id?: string; plan?: unknown }

/**
 * A platform as the screen reads it. Beyond spec §3's fields, a platform record may carry what the plan's figures
 * and checks go by; the seeded ones carry none, and then the figures say they are unknown.
 */
export type PlatformRecord = Platform & {
  /** Cruise speed in m/s, for legs no item sets a speed for. */
  cruise_speed?: number
  /** Minutes a full battery lasts under way. */
  endurance_minutes?: number
  /** Altitude limits in metres above home (the server's execution check reads the same field). */
  altitude_limits?: { min?: unknown; max?: unknown }
  /** What kind of vehicle it is: a `surface` vehicle's points must not be on land. */
  vehicle_type?: string
}

/** One membership of the caller (`GET user/{uid}` answers one per organisation). */
export type Membership = MissionPlanningUser & { organisation_id?: string }

type V2 = { v2: Pick<V2Client, 'resource' | 'listUsers'> }
type Http = { http: Pick<HttpClient, 'request'>; apiBaseUrl: string }

/** Key prefix of one organisation's records of one resource: a change invalidates it. */
export const recordsKey = (resource: 'campaign' | 'mission' | 'platform', organisationId: string) => ['v2', resource, organisationId] as const

/** The organisation's campaigns, by name. */
export const campaignsQuery = (client: V2, organisationId: string): QueryDefinition<CampaignRecord[]> => ({
  key: recordsKey('campaign', organisationId),
  load: async (signal) => byName(await client.v2.resource('campaign').list({ organisation_id: organisationId }, { signal })),
})

/** The organisation's missions (of all its campaigns), by name. */
export const missionsQuery = (client: V2, organisationId: string): QueryDefinition<MissionRecord[]> => ({
  key: recordsKey('mission', organisationId),
  load: async (signal) => byName(await client.v2.resource('mission').list({ organisation_id: organisationId }, { signal })),
})

/** The organisation's platforms (its vehicles), by name. */
export const platformsQuery = (client: V2, organisationId: string): QueryDefinition<PlatformRecord[]> => ({
  key: recordsKey('platform', organisationId),
  load: async (signal) => byName(await client.v2.resource('platform').list({ organisation_id: organisationId }, { signal })),
})

/** The caller's memberships, one per organisation (`GET user/{uid}`, the whole list the guard takes the first of). */
export const membershipsQuery = (client: V2, uid: string): QueryDefinition<Membership[]> => ({
  key: ['mission-planning-memberships', uid],
  load: (signal) => client.v2.listUsers(`user/${encodeURIComponent(uid)}`, { signal }),
})

/** What the caller may do in one organisation. */
export interface OrganisationAccess {
  read: boolean
  write: boolean
  admin: boolean
}

/**
 * The caller's Organisation permission per action in one organisation (spec §6: a mission-planning user has
 * super_admin, or the Organisation permission for the action), as the server decides it: a super admin anywhere may
 * do anything; anyone else by their membership of this organisation.
 */
export function organisationAccess(memberships: readonly Membership[], organisationId: string): OrganisationAccess {
  const superAdmin = memberships.some((m) => m.super_admin === true)
  const own = memberships.find((m) => m.organisation_id === organisationId)
  const can = (action: string) => superAdmin || hasOrganisationPermission(own, action)
  return { read: can('read'), write: can('write'), admin: can('admin') }
}

/** Whether a campaign or mission is archived (then it offers no rename or archive, and takes no new missions). */
export const isArchived = (record: { status?: string }) => record.status === 'archived'

/** What the plan's figures and checks go by, from the platform's optional fields. */
export function platformLimits(platform: PlatformRecord | undefined): {
  measure: MeasureOptions
  check: CheckOptions
  enduranceSeconds?: number
} {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
  const speed = number(platform?.cruise_speed)
  const endurance = number(platform?.endurance_minutes)
  const min = number(platform?.altitude_limits?.min)
  const max = number(platform?.altitude_limits?.max)
  return {
    measure: speed !== undefined && speed > 0 ? { defaultSpeed: speed } : {},
    check: min !== undefined && max !== undefined ? { altitudeLimits: { min, max } } : {},
    ...(endurance !== undefined && endurance > 0 ? { enduranceSeconds: endurance * 60 } : {}),
  }
}

/** A site pack's file name in the index: letters, digits and `-`, never a path. */
const PACK_FILE = /^[a-z0-9][a-z0-9-]{0,63}\.(geo)?json$/

/**
 * The land of the server's site packs (`/api/v1/site-packs/`, the packs the map draws at the seeded harbours), for
 * the check that a surface vehicle's points are not on land. A pack that cannot be read is left out; an index that
 * cannot be read fails the query (the panel then says land was not checked).
 */
export const siteLandQuery = (client: Http): QueryDefinition<LandIndex> => ({
  key: ['site-land'],
  load: async (signal) => {
    const base = `${client.apiBaseUrl}/api/v1/site-packs/`
    const index = await client.http.request<{ packs?: { file?: unknown }[] }>('GET', `${base}index.json`, { signal })
    const files = (Array.isArray(index?.packs) ? index.packs : []).flatMap((pack) =>
      typeof pack?.file === 'string' && PACK_FILE.test(pack.file) ? [pack.file] : [],
    )
    const packs = await Promise.all(files.map((file) => client.http.request('GET', base + file, { signal }).catch(() => undefined)))
    return createLandIndex(packs)
  },
})

/** Whether a platform is a surface vehicle (a boat: its points must not be on land). */
export const isSurfacePlatform = (platform: PlatformRecord | undefined) => platform?.vehicle_type === 'surface'

const byName = <T extends { name: string }>(items: T[]): T[] => [...items].sort((a, b) => a.name.localeCompare(b.name))
