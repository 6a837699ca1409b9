import type { ConsoleClient } from '../client/create-console-client'
import type { Logger } from '../platform/logger'
import type { Scheduler } from '../platform/scheduler'
import { cameBack } from '../stores/connection-store'
import { createLiveChannel, type LiveChannel, type LiveChannelOptions } from './live-channel'
import { LIVE_PATH } from './protocol'
import { createDevicesStore, type DevicesStore } from './devices-store'
import { createControlStore, type ControlStore } from './control-store'
import { createVehiclesStore, type VehiclesStore, type VehiclesStoreOptions } from './vehicles-store'

/** The live parts of one console: its one channel and the stores fed by it. */
export interface LiveClient {
  readonly connection: LiveChannel
  /** The current tenant's vehicles. */
  readonly vehicles: VehiclesStore
  /** The presence (online, stale, offline) of the current tenant's devices of every kind. */
  readonly devices: DevicesStore
  /** Who holds control of the current tenant's devices, and the requests that change it. */
  readonly control: ControlStore
  start(): void
  stop(): void
}

export interface LiveClientOptions extends Pick<
  LiveChannelOptions,
  'getToken' | 'watchToken' | 'refreshToken' | 'onRevoked' | 'onDrop' | 'createSocket' | 'backoff'
> {
  /** The API's base address (`http(s)://host`); the channel is at `ws(s)://host/api/v1/live`. */
  apiBaseUrl: string
  tenant: VehiclesStoreOptions['tenant']
  /** Calls back when the API answers again after it did not; the channel then retries at once. */
  onReachable?(listener: () => void): () => void
  scheduler: Scheduler
  logger: Logger
}

/** The live channel's address for an API base address: `https://api.example.com` → `wss://api.example.com/api/v1/live`. */
export function liveUrl(apiBaseUrl: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '').replace(/^http/i, 'ws')}${LIVE_PATH}`
}

/** Creates the live client of one console (the console client does, on the first `client.live()`). */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const connection = createLiveChannel({ ...options, url: liveUrl(options.apiBaseUrl) })
  const vehicles = createVehiclesStore({ channel: connection, tenant: options.tenant, logger: options.logger })
  const devices = createDevicesStore({ channel: connection, tenant: options.tenant, logger: options.logger })
  const control = createControlStore({ channel: connection, tenant: options.tenant, logger: options.logger })
  let unwatch: (() => void) | undefined
  return {
    connection,
    vehicles,
    devices,
    control,
    start() {
      connection.start()
      unwatch ??= options.onReachable?.(connection.retryNow)
    },
    stop() {
      unwatch?.()
      unwatch = undefined
      connection.stop()
    },
  }
}

/** The key of the live client among a console's extensions. */
export const LIVE_CLIENT_KEY = '@honu/core/live'

/**
 * The live client of a console: created on the first call (one per console instance), connected while signed in
 * and started, authenticated with the console's token and again whenever it refreshes, following the selected
 * tenant, stopped with the console (`client.stop()`).
 *
 * @example
 * const live = getLiveClient(client)
 * live.vehicles.subscribe(() => render(live.vehicles.getSnapshot()))
 */
export function getLiveClient(client: Pick<ConsoleClient, 'use' | 'connection'>): LiveClient {
  return client.use(LIVE_CLIENT_KEY, ({ apiBaseUrl, session, tenant, tokens, scheduler, logger, options }) =>
    createLiveClient({
      apiBaseUrl,
      getToken: tokens.current,
      watchToken: (listener) => session.subscribe((now, before) => void (now.token !== before.token && listener(now.token))),
      // The server refused the token: a fresh one for the next attempt (a refusal by the provider ends the session).
      refreshToken: tokens.refresh,
      // Revoked or disabled (4403): as after a 401 on an API call, one refresh and one more try; refused again (a
      // revoked account whose provider still hands out tokens), or refused by the provider, the session ends.
      onRevoked: tokens.onUnauthorized,
      createSocket: options.createLiveSocket,
      tenant: { get: () => tenant.getState().tenant?.tenant_id, subscribe: (listener) => tenant.subscribe(() => listener()) },
      // A lost socket may be a server gone: the console's connection store checks /health (its banner shows while it
      // does not answer) ...
      onDrop: () => client.connection.getState().check(),
      // ... and when the API answers again (a call or a probe), no need to wait out the backoff.
      onReachable: (listener) => client.connection.subscribe((now, before) => void (cameBack(now, before) && listener())),
      scheduler,
      logger,
    }),
  )
}
