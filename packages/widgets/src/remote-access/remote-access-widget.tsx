import { useMemo, useRef } from 'react'
import { ConsoleError } from '@honu/core'
import {
  LookupStatus,
  useConsoleClient,
  useControlLeases,
  useDevicePresence,
  useLiveConnection,
  useMessages,
  useTenant,
  type WidgetProps,
} from '@honu/console-kit'
import { focusWidget, openDeviceWidget } from '../open-device-widget'
import { useTenantDevices } from '../use-tenant-devices'
import { remoteAccessMessages } from './remote-access-messages'
import { RemoteAccessView, type RemoteAccessItem } from './remote-access-view'

/**
 * The dashboard's Remote Access widget (issue 24): the selected tenant's remote-access devices (the API's list, so
 * nothing of another tenant), each with its live state from the live channel's `devices` topic and who is connected
 * and in control from its `control` topic. Open desktop opens the device's Vnc widget in the same workspace, or
 * restores and focuses the one already there.
 */
export function RemoteAccessWidget({ workspace }: WidgetProps<Record<string, never>>) {
  const t = useMessages(remoteAccessMessages)
  const client = useConsoleClient()
  const tenant = useTenant((s) => s.tenant)
  const devices = useTenantDevices('remote_access')
  const presence = useDevicePresence()
  const leases = useControlLeases()
  const connection = useLiveConnection()
  const root = useRef<HTMLDivElement>(null)

  const items = useMemo<RemoteAccessItem[]>(
    () =>
      devices.status === 'ready'
        ? devices.items.map((d) => ({
            id: d.device_id,
            name: d.name,
            address: d.address,
            // The snapshot leaves offline devices out: once it came, a device not in it is offline.
            state: presence.devices[d.device_id]?.state ?? (presence.status === 'live' ? 'offline' : undefined),
            control: leases.devices[d.device_id],
          }))
        : [],
    [devices, presence, leases],
  )

  if (!tenant) return <p className="honu-remote-access honu-muted">{t('noTenant')}</p>
  if (devices.status !== 'ready')
    return (
      <LookupStatus
        state={devices.status === 'idle' ? { status: 'loading' } : devices}
        loading={t('loading')}
        failure={(error) => t('failed', { reason: ConsoleError.is(error) ? error.message : t('noAnswer') })}
        retryLabel={t('retry')}
        onRetry={devices.retry}
      />
    )
  return (
    <div ref={root} className="honu-remote-access-widget">
      <RemoteAccessView
        tenantName={tenant.name}
        items={items}
        liveLost={connection.status === 'reconnecting'}
        onOpen={(item) => {
          const id = openDeviceWidget(client.grid, workspace, 'Vnc', item.id, item.name)
          if (root.current) focusWidget(root.current, id)
        }}
      />
    </div>
  )
}
