import type { V1Client } from '../api/create-v1-client'
import type { V2Client } from '../api/create-v2-client'
import type { Device, Invitation, ListResult, Stream, Tenant } from '../api/v1-types'
import type { Organisation } from '../api/v2-types'
import type { QueryKey, QueryLoader } from './query-cache'

/** A query: its key in the console's cache and how to load it. */
export interface QueryDefinition<T> {
  key: QueryKey
  load: QueryLoader<T>
}

/**
 * The API's shared queries, one key and loader each, so every screen and widget asking for the same list shares
 * one entry (and one request), and a change names what it invalidates:
 * `getQueryCache(client).invalidate(videosQuery(client, tenantId).key)`.
 */
/** The user's tenants, sorted by name. */
export const tenantsQuery = (client: { v1: Pick<V1Client, 'listTenants'> }): QueryDefinition<Tenant[]> => ({
  key: ['tenants'],
  load: async (signal) => byName(await client.v1.listTenants({ signal })),
})

/** The user's open invitations (spec §7 under invitations with consent). */
export const invitationsQuery = (client: { v1: Pick<V1Client, 'listInvitations'> }): QueryDefinition<Invitation[]> => ({
  key: ['invitations'],
  load: (signal) => client.v1.listInvitations({ signal }),
})

/** A tenant's streams (`GET videos?tenant_id`, with the total count). */
export const videosQuery = (client: { v1: Pick<V1Client, 'listVideos'> }, tenantId: string): QueryDefinition<ListResult<Stream>> => ({
  key: ['videos', tenantId],
  load: (signal) => client.v1.listVideos(tenantId, { signal }),
})

/** A tenant's devices (`GET devices?tenant_id`): vehicles, cameras, sensors… */
export const devicesQuery = (client: { v1: Pick<V1Client, 'listDevices'> }, tenantId: string): QueryDefinition<ListResult<Device>> => ({
  key: ['devices', tenantId],
  load: (signal) => client.v1.listDevices(tenantId, { signal }),
})

/** The user's organisations (MissionPlanning, v2), sorted by name. */
export const organisationsQuery = (client: { v2: Pick<V2Client, 'resource'> }): QueryDefinition<Organisation[]> => ({
  key: ['organisations'],
  load: async (signal) => byName(await client.v2.resource('organisation').list(undefined, { signal })),
})

/** Sorted by name, as every list of tenants and organisations shows them. */
const byName = <T extends { name: string }>(items: T[]): T[] => [...items].sort((a, b) => a.name.localeCompare(b.name))
