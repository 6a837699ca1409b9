import { useCallback, useMemo, useRef, useState } from 'react'
import { useConsoleClient, useMessages, useOpenPlan, useVehicles, type WidgetProps } from '@honu/console-kit'
import { mapMessages } from '../messages/map'
import { useTenantVehicles } from '../vehicle/use-tenant-vehicles'
import type { MapWidgetData } from './map-widget-data'
import { focusWidget, openDeviceWidget } from '../open-device-widget'
import { VehicleMap } from './vehicle-map'

/**
 * The Map widget (spec §3's default map widget): the selected tenant's live vehicles on a map; in the missions
 * screen, also the mission plan open there, to plan on (`useOpenPlan`). Choosing a vehicle
 * (on the map or in the list) opens its Vehicle widget in the same workspace, or restores and focuses the one
 * already there. With `data.deviceId` it shows that vehicle alone, followed, as the vehicle page does.
 */
export function MapWidget({ widget, workspace }: WidgetProps<MapWidgetData>) {
  const t = useMessages(mapMessages)
  const client = useConsoleClient()
  // The tenant's vehicles on the console's one live channel; the console holds their topic while the map is mounted.
  const live = useVehicles()
  const devices = useTenantVehicles()
  const root = useRef<HTMLDivElement>(null)
  const only = widget.data.deviceId
  const [selected, setSelected] = useState<string>()
  // In the missions screen, the plan open there: drawn on this map and edited from it (issue 25).
  const plan = useOpenPlan()

  const names = useMemo(
    () => (devices.status === 'ready' ? Object.fromEntries(devices.vehicles.map((device) => [device.device_id, device.name])) : {}),
    [devices],
  )
  // A steady order for the list: by name, then id (the live store's order follows message arrival). Sorted when a
  // vehicle comes or goes or a name changes, not on each of the live channel's batches (up to a hundred a second):
  // a batch only looks its vehicles up in that order.
  const idsKey = useMemo(() => Object.keys(live.vehicles).sort().join('\n'), [live.vehicles])
  const order = useMemo(() => sortByName(idsKey ? idsKey.split('\n') : [], names), [idsKey, names])
  const vehicles = useMemo(() => {
    const shown = only ? order.filter((id) => id === only) : order
    return shown.flatMap((id) => live.vehicles[id] ?? [])
  }, [live.vehicles, only, order])

  const select = useCallback(
    (deviceId: string) => {
      setSelected(deviceId)
      if (only || !root.current) return
      const id = openDeviceWidget(client.grid, workspace, 'Vehicle', deviceId, names[deviceId] ?? deviceId)
      focusWidget(root.current, id)
    },
    [client, workspace, names, only],
  )

  return (
    <div ref={root} className="honu-map-widget">
      <VehicleMap
        vehicles={vehicles}
        names={names}
        selectedId={only ?? selected}
        onSelect={select}
        follow={!!only}
        showList={!only}
        label={`${t('region')}: ${widget.name}`}
        plan={plan}
      />
    </div>
  )
}

let collator: Intl.Collator | undefined

/** Device ids by their display name, then by id. */
function sortByName(ids: readonly string[], names: Readonly<Record<string, string>>): string[] {
  const { compare } = (collator ??= new Intl.Collator())
  return [...ids].sort((a, b) => compare(names[a] ?? a, names[b] ?? b) || (a < b ? -1 : a > b ? 1 : 0))
}
