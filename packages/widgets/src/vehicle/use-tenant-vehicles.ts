import { useCallback, useEffect, useState } from 'react'
import type { ConsoleClient, Device } from '@honu/core'
import { useConsoleClient, useOnReconnect, useTenant } from '@honu/console-kit'

/** A device of kind `vehicle` as v1 `GET /devices?tenant_id` lists it. */
export type VehicleDevice = Device & { kind: 'vehicle' }

// Widgets mounting together share one request per console and tenant, as the Video widget's streams do.
const pending = /* @__PURE__ */ new WeakMap<ConsoleClient, Map<string, Promise<VehicleDevice[]>>>()
function listVehicles(client: ConsoleClient, tenantId: string): Promise<VehicleDevice[]> {
  let byTenant = pending.get(client)
  if (!byTenant) pending.set(client, (byTenant = new Map()))
  let request = byTenant.get(tenantId)
  if (!request) {
    const map = byTenant
    request = client.v1.listDevices(tenantId).then(({ items }) => items.filter((d): d is VehicleDevice => d.kind === 'vehicle'))
    map.set(tenantId, request)
    void request.then(
      () => map.delete(tenantId),
      () => map.delete(tenantId),
    )
  }
  return request
}

/** Where the lookup of a widget's vehicle stands. */
export type TenantVehicleState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; vehicle: VehicleDevice }
  | { status: 'missing' }
  | { status: 'error'; error: unknown }

/**
 * Looks a vehicle of the selected tenant up by its device id (v1 `GET /devices?tenant_id`): `idle` without an id
 * or tenant, `missing` when the tenant has no such vehicle (deleted, or another tenant's), `error` when the server
 * could not answer, tried again on `retry()` and by itself when the connection returns.
 */
export function useTenantVehicle(deviceId: string | undefined): TenantVehicleState & { retry: () => void } {
  const client = useConsoleClient()
  const tenantId = useTenant((t) => t.tenant?.tenant_id)
  const [attempt, setAttempt] = useState(0)
  const key = deviceId && tenantId ? JSON.stringify([tenantId, deviceId, attempt]) : undefined
  const [answer, setAnswer] = useState<{ key: string; state: TenantVehicleState }>()

  useEffect(() => {
    if (!key || !deviceId || !tenantId) return
    let live = true
    listVehicles(client, tenantId).then(
      (vehicles) => {
        const vehicle = vehicles.find((v) => v.device_id === deviceId)
        if (live) setAnswer({ key, state: vehicle ? { status: 'found', vehicle } : { status: 'missing' } })
      },
      (error: unknown) => live && setAnswer({ key, state: { status: 'error', error } }),
    )
    return () => {
      live = false
    }
  }, [client, key, tenantId, deviceId])

  const state: TenantVehicleState = !key ? { status: 'idle' } : answer?.key === key ? answer.state : { status: 'loading' }
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  useOnReconnect(() => state.status === 'error' && retry())
  return { ...state, retry }
}

/** Where the lookup of the selected tenant's vehicles stands. */
export type TenantVehiclesState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; vehicles: VehicleDevice[] }
  | { status: 'error'; error: unknown }

/** The selected tenant's vehicles, sorted by name, for the Vehicle widget's picker; as {@link useTenantVehicle}. */
export function useTenantVehicles(): TenantVehiclesState & { retry: () => void } {
  const client = useConsoleClient()
  const tenantId = useTenant((t) => t.tenant?.tenant_id)
  const [attempt, setAttempt] = useState(0)
  const key = tenantId ? JSON.stringify([tenantId, attempt]) : undefined
  const [answer, setAnswer] = useState<{ key: string; state: TenantVehiclesState }>()

  useEffect(() => {
    if (!key || !tenantId) return
    let live = true
    listVehicles(client, tenantId).then(
      (vehicles) => {
        const sorted = [...vehicles].sort((a, b) => a.name.localeCompare(b.name))
        if (live) setAnswer({ key, state: { status: 'ready', vehicles: sorted } })
      },
      (error: unknown) => live && setAnswer({ key, state: { status: 'error', error } }),
    )
    return () => {
      live = false
    }
  }, [client, key, tenantId])

  const state: TenantVehiclesState = !key ? { status: 'idle' } : answer?.key === key ? answer.state : { status: 'loading' }
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  useOnReconnect(() => state.status === 'error' && retry())
  return { ...state, retry }
}
