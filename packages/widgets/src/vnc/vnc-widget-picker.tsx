import { useMessages } from '@honu/console-kit'
import type { WidgetPickerProps } from '@honu/console-kit/widget'
import { ResourcePickerDialog } from '../picker/resource-picker-dialog'
import { useTenantDevices } from '../use-tenant-devices'
import type { VncWidgetData } from './vnc-widget-data'
import { vncMessages } from './vnc-messages'

/**
 * The Vnc widget's picker: the selected tenant's remote-access devices (v1 `GET /devices`, kind `remote_access`) in
 * the shared {@link ResourcePickerDialog}. Picking one answers `{ deviceId }`, kept as the widget's data. Opened by
 * the add-widget menu, and by a Vnc widget without a device.
 */
export function VncWidgetPicker({ name, current, onPick, onCancel }: WidgetPickerProps<VncWidgetData>) {
  const devices = useTenantDevices('remote_access')
  const t = useMessages(vncMessages)
  return (
    <ResourcePickerDialog
      name={name}
      list={devices.status === 'ready' ? { status: 'ready', options: devices.items.map((d) => ({ id: d.device_id, label: d.name })) } : devices}
      retry={devices.retry}
      initial={current?.deviceId}
      onPick={(deviceId) => onPick({ ...current, deviceId })}
      onCancel={onCancel}
      t={t}
      words={{ legend: t('devices'), loading: t('loadingDevices'), failed: (reason) => t('devicesFailed', { reason }), none: t('noDevices') }}
      className="honu-vnc-picker"
    />
  )
}
