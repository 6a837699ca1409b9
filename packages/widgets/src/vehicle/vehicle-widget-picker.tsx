import { useMessages } from '@honu/console-kit'
import type { WidgetPickerProps } from '@honu/console-kit/widget'
import { ResourcePickerDialog } from '../picker/resource-picker-dialog'
import { useTenantVehicles } from './use-tenant-vehicles'
import type { VehicleWidgetData } from './vehicle-widget-data'
import { vehicleMessages } from './vehicle-messages'

/**
 * The Vehicle widget's picker: the selected tenant's vehicles (v1 `GET /devices`, kind `vehicle`) in the shared
 * {@link ResourcePickerDialog}. Picking one answers `{ deviceId }`, which the dashboard keeps as the widget's data
 * (so it survives a reload and goes with an exported layout). Opened by the add-widget menu, and by a Vehicle
 * widget without a vehicle. A widget pointed elsewhere keeps its own stale time.
 */
export function VehicleWidgetPicker({ name, current, onPick, onCancel }: WidgetPickerProps<VehicleWidgetData>) {
  const vehicles = useTenantVehicles()
  const t = useMessages(vehicleMessages)
  return (
    <ResourcePickerDialog
      name={name}
      list={vehicles.status === 'ready' ? { status: 'ready', options: vehicles.vehicles.map((v) => ({ id: v.device_id, label: v.name })) } : vehicles}
      retry={vehicles.retry}
      initial={current?.deviceId}
      onPick={(deviceId) => onPick({ ...current, deviceId })}
      onCancel={onCancel}
      t={t}
      words={{ legend: t('vehicles'), loading: t('loadingVehicles'), failed: (reason) => t('vehiclesFailed', { reason }), none: t('noVehicles') }}
      className="honu-vehicle-picker"
    />
  )
}
