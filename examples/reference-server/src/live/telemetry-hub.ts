import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { parseVehiclesEventData, type VehicleTelemetry } from '@honu/core/live'
import type { Database } from '../db/database'

/** The PostgreSQL channel every server process on one database listens on. */
export const TELEMETRY_CHANNEL = 'honu_telemetry'

/** Called with each new state of a vehicle of the subscribed tenant. */
export type TelemetryListener = (state: VehicleTelemetry) => void

/** A sign of life of one device: a vehicle's telemetry state, or a device's heartbeat. */
export interface SignOfLife {
  tenantId: string
  deviceId: string
}
/** Called with every sign of life of every tenant's devices (the device presence tracker). */
export type SignListener = (sign: SignOfLife) => void

/**
 * The latest telemetry of every vehicle, per tenant, and who wants to hear about it. INGEST publishes; the live
 * channel subscribes per tenant. With PGlite everything stays in this process; with PostgreSQL each publish is
 * also sent with NOTIFY, and every server process on the database LISTENs, so a vehicle reporting to one process
 * is seen by the sockets of all of them.
 */
export interface TelemetryHub {
  /** Records a vehicle's newest state and tells this tenant's listeners (in every process on PostgreSQL). */
  publish(state: VehicleTelemetry): void
  /** Listens to one tenant's vehicles; answers the function that stops listening. */
  subscribe(tenantId: string, listener: TelemetryListener): () => void
  /** The latest state of each of the tenant's vehicles this process knows. */
  snapshot(tenantId: string): VehicleTelemetry[]
  /**
   * A heartbeat of a device of any kind (authenticated by the caller): told to the sign listeners of every process
   * on PostgreSQL, as a published vehicle state is.
   */
  beat(sign: SignOfLife): void
  /** Listens to every sign of life (published states and heartbeats) of every tenant; answers the stop. */
  watchSigns(listener: SignListener): () => void
  /** Resolves once this process listens on PostgreSQL (at once on PGlite). */
  readonly ready: Promise<void>
  close(): Promise<void>
}

/** Options of {@link createTelemetryHub}. */
export interface TelemetryHubOptions {
  /** The PostgreSQL connection string: required when `db` is PostgreSQL (the LISTEN needs its own connection). */
  databaseUrl?: string
  /**
   * Only this process, whatever the database (an app built without a hub, e.g. to read its route table).
   */
  processLocal?: boolean
  /** Warnings (a lost LISTEN connection); default `console.warn`. */
  warn?: (message: string) => void
}

/** Most vehicles kept per tenant: a flood of device ids cannot grow memory without bound. */
export const MAX_VEHICLES_PER_TENANT = 10_000

/** Creates the hub: in-process on PGlite, fanned out through LISTEN/NOTIFY on PostgreSQL. */
export function createTelemetryHub(db: Pick<Database, 'kind' | 'query'>, options: TelemetryHubOptions = {}): TelemetryHub {
  const origin = randomUUID()
  const warn = options.warn ?? ((message: string) => console.warn(message))
  const latest = new Map<string, Map<string, VehicleTelemetry>>()
  const listeners = new Map<string, Set<TelemetryListener>>()
  const signListeners = new Set<SignListener>()
  let closed = false
  const shared = db.kind === 'postgres' && !options.processLocal

  const signal = (sign: SignOfLife) => {
    for (const listener of [...signListeners]) {
      try {
        listener(sign)
      } catch (error) {
        warn(`sign-of-life listener failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  const apply = (state: VehicleTelemetry) => {
    signal({ tenantId: state.tenantId, deviceId: state.deviceId })
    let vehicles = latest.get(state.tenantId)
    if (!vehicles) latest.set(state.tenantId, (vehicles = new Map()))
    vehicles.delete(state.deviceId)
    vehicles.set(state.deviceId, state)
    if (vehicles.size > MAX_VEHICLES_PER_TENANT) vehicles.delete(vehicles.keys().next().value!)
    for (const listener of [...(listeners.get(state.tenantId) ?? [])]) {
      try {
        listener(state)
      } catch (error) {
        warn(`telemetry listener failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  let listener: pg.Client | undefined
  let ready: Promise<void> = Promise.resolve()
  if (shared) {
    if (!options.databaseUrl) throw new Error('The telemetry hub on PostgreSQL needs the connection string (LISTEN/NOTIFY).')
    const databaseUrl = options.databaseUrl
    const connect = async (): Promise<void> => {
      const client = new pg.Client({ connectionString: databaseUrl })
      client.on('notification', (message) => {
        if (message.channel !== TELEMETRY_CHANNEL || !message.payload) return
        let parsed: unknown
        try {
          parsed = JSON.parse(message.payload)
        } catch {
          return
        }
        const { origin: from, state, beat } = parsed as { origin?: unknown; state?: unknown; beat?: unknown }
        if (from === origin) return
        if (beat !== undefined) {
          const sign = beat as { tenantId?: unknown; deviceId?: unknown }
          if (typeof sign.tenantId === 'string' && typeof sign.deviceId === 'string' && sign.tenantId && sign.deviceId) {
            signal({ tenantId: sign.tenantId, deviceId: sign.deviceId })
          }
          return
        }
        // Schemas at the edges: another process's message is parsed like any other input.
        const checked = parseVehiclesEventData({ vehicles: [state] })
        if (checked.ok && checked.value.vehicles[0]) apply(checked.value.vehicles[0])
      })
      client.on('error', (error) => {
        if (closed) return
        warn(`telemetry LISTEN connection lost (${error.message}); reconnecting`)
        void client.end().catch(() => {})
        listener = undefined
        setTimeout(() => {
          if (!closed) ready = connect().catch((e: Error) => warn(`telemetry LISTEN failed: ${e.message}`))
        }, 1000).unref()
      })
      await client.connect()
      await client.query(`listen ${TELEMETRY_CHANNEL}`)
      if (closed) await client.end()
      else listener = client
    }
    ready = connect()
  }

  return {
    get ready() {
      return ready
    },
    publish(state) {
      if (closed) return
      apply(state)
      if (shared) {
        // NOTIFY's payload limit is 8000 bytes; one vehicle's state is a few hundred.
        db.query('select pg_notify($1, $2)', [TELEMETRY_CHANNEL, JSON.stringify({ origin, state })]).catch((error: Error) =>
          warn(`telemetry NOTIFY failed: ${error.message}`),
        )
      }
    },
    beat(sign) {
      if (closed) return
      signal({ tenantId: sign.tenantId, deviceId: sign.deviceId })
      if (shared) {
        db.query('select pg_notify($1, $2)', [
          TELEMETRY_CHANNEL,
          JSON.stringify({ origin, beat: { tenantId: sign.tenantId, deviceId: sign.deviceId } }),
        ]).catch((error: Error) => warn(`telemetry NOTIFY failed: ${error.message}`))
      }
    },
    watchSigns(listener) {
      signListeners.add(listener)
      return () => void signListeners.delete(listener)
    },
    subscribe(tenantId, fn) {
      let set = listeners.get(tenantId)
      if (!set) listeners.set(tenantId, (set = new Set()))
      set.add(fn)
      return () => {
        set.delete(fn)
        if (set.size === 0 && listeners.get(tenantId) === set) listeners.delete(tenantId)
      }
    },
    snapshot(tenantId) {
      return [...(latest.get(tenantId)?.values() ?? [])]
    },
    async close() {
      closed = true
      listeners.clear()
      signListeners.clear()
      await ready.catch(() => {})
      await listener?.end().catch(() => {})
      listener = undefined
    },
  }
}
