import type { LiveConnectionState } from '@honu/core/live'
import { useConsoleLinks, useLiveConnection, useMessages, useVehicle } from '@honu/console-kit'
import type { WidgetProps } from '@honu/console-kit/widget'
import { useNow } from '../use-now'
import { useTenantVehicle } from './use-tenant-vehicles'
import { useVehicleSettings } from './vehicle-settings'
import { VehicleView, type VehicleViewConnection } from './vehicle-view'
import { DEFAULT_STALE_AFTER_MS, type VehicleWidgetData } from './vehicle-widget-data'
import { VehicleWidgetPicker } from './vehicle-widget-picker'
import { ResourceLookup } from '../picker/resource-lookup'
import { vehicleMessages } from './vehicle-messages'

/** The live channel's state as the view words it: signed in and authenticated, on its way, or lost for now. */
export function viewConnection(state: LiveConnectionState): VehicleViewConnection {
  if (state.status === 'open') return 'open'
  return state.status === 'idle' || state.status === 'connecting' ? 'connecting' : 'reconnecting'
}

/**
 * The dashboard's Vehicle widget (spec §3): one vehicle of the tenant, by the device id in its data, with its live
 * state from the console's one live channel. The vehicle is looked up through the API (`GET /devices`), so a
 * vehicle no longer in the tenant (or another tenant's) says so instead of showing anything. Stale after the
 * widget's own `staleAfterS`, else the page's default, else 5 s.
 */
export function VehicleWidget({ widget, setData }: WidgetProps<VehicleWidgetData>) {
  const t = useMessages(vehicleMessages)
  const data = widget.data
  const lookup = useTenantVehicle(data.deviceId)
  const found = lookup.status === 'found'
  const telemetry = useVehicle(found ? data.deviceId : undefined)
  const connection = useLiveConnection()
  const now = useNow()
  const settings = useVehicleSettings()
  // The vehicle page, where the console has one (not on that page itself).
  const links = useConsoleLinks()
  const page = data.deviceId ? links?.vehiclePage(data.deviceId) : undefined
  const staleAfterMs = data.staleAfterS !== undefined ? data.staleAfterS * 1000 : (settings.staleAfterMs ?? DEFAULT_STALE_AFTER_MS)

  switch (lookup.status) {
    case 'found':
      return (
        <VehicleView
          name={lookup.vehicle.name}
          telemetry={telemetry}
          now={now}
          staleAfterMs={staleAfterMs}
          connection={viewConnection(connection)}
          pageHref={page?.href}
          onOpenPage={page?.open}
        />
      )
    default:
      return (
        <ResourceLookup
          lookup={lookup}
          words={{
            finding: t('findingVehicle'),
            failed: (reason) => t('vehicleFailed', { reason }),
            noAnswer: t('noAnswer'),
            retry: t('retry'),
            none: t('noVehicle'),
            gone: t('vehicleGone'),
            choose: t('chooseVehicle'),
          }}
          className="honu-vehicle__choose"
          name={widget.name}
          current={data}
          setData={setData}
          Picker={VehicleWidgetPicker}
        />
      )
  }
}
