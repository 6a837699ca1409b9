import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { MoreHorizontal, Plus } from 'lucide-react'
import type { ManagedDevice } from '@honu/core'
import type { QueryDefinition } from '@honu/core/query'
import {
  ConfirmDialog,
  DataTable,
  MenuButton,
  MenuItem,
  MenuSeparator,
  useConsoleClient,
  useErrorText,
  useMessages,
  useQuery,
  useQueryCache,
  type ColumnDef,
} from '@honu/console-kit'
import { LoadStatus } from '../../ui/load-status'
import { adminMessages } from './admin-messages'
import { DeviceDialog, TokenDialog, useKindLabel } from './device-dialogs'
import { deviceChangesOf, newDeviceOf, type DeviceFormValues } from './device-form'

/**
 * The tenant's devices as its admins see them, under the devices family of the query cache: a change invalidates
 * `['devices', tenantId]`, which loads this list and every member's list of the tenant (the widgets') again.
 */
const managedDevicesQuery = (client: ReturnType<typeof useConsoleClient>, tenantId: string): QueryDefinition<ManagedDevice[]> => ({
  key: ['devices', tenantId, 'managed'],
  load: (signal) => client.v1.listManagedDevices(tenantId, { signal }),
})

type Confirming = { kind: 'remove' | 'token'; device: ManagedDevice }

/**
 * The devices of the selected tenant (issue 24): the table (name, kind, address, system id or desktop endpoint,
 * which secrets are set), registering and editing a device, removing one, and issuing (rotating) its ingest token,
 * shown once. The server's refusals (409 for a taken system id, 400 for a desktop host outside its allowed hosts)
 * show in its words in the dialog; each success is a toast.
 */
export function DevicesPanel({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const client = useConsoleClient()
  const t = useMessages(adminMessages)
  const errorText = useErrorText()
  const kindLabel = useKindLabel()
  const queries = useQueryCache()
  const devices = useQuery(managedDevicesQuery(client, tenantId))
  const [editing, setEditing] = useState<{ device?: ManagedDevice }>()
  const [confirming, setConfirming] = useState<Confirming>()
  const [failure, setFailure] = useState<string>()
  const [issued, setIssued] = useState<{ name: string; token: string }>()
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const removed = useRef<string>(undefined)

  // A removed device's row goes when the list has loaded again, and with it the focus (its actions button, where the
  // confirmation returned it): the tab's heading takes it instead of the page.
  useEffect(() => {
    if (!removed.current || devices.status !== 'ready' || devices.data.some((device) => device.device_id === removed.current)) return
    removed.current = undefined
    heading.current?.focus()
  })

  const done = (message: string) => {
    client.toasts.getState().show({ message, tone: 'positive' })
    queries.invalidate(['devices', tenantId])
  }

  const save = async (values: DeviceFormValues) => {
    const device = editing?.device
    const saved = device
      ? await client.v1.updateDevice(tenantId, device.device_id, deviceChangesOf(values))
      : await client.v1.createDevice(tenantId, newDeviceOf(values))
    done(t(device ? 'deviceSaved' : 'deviceRegistered', { name: saved.name }))
  }

  const confirm = async () => {
    if (!confirming) return
    const { kind, device } = confirming
    setFailure(undefined)
    try {
      if (kind === 'remove') {
        await client.v1.deleteDevice(tenantId, device.device_id)
        removed.current = device.device_id
        done(t('deviceRemoved', { name: device.name }))
      } else {
        const { token } = await client.v1.issueIngestToken(tenantId, device.device_id)
        setIssued({ name: device.name, token })
      }
    } catch (error) {
      setFailure(errorText(error, t(kind === 'remove' ? 'removeFailed' : 'issueFailed')))
      throw error
    }
  }

  const columns = useMemo<ColumnDef<ManagedDevice>[]>(
    () => [
      { id: 'name', header: t('name'), size: 200, accessorFn: (device) => device.name },
      { id: 'kind', header: t('kind'), size: 130, accessorFn: (device) => kindLabel(device.kind) },
      { id: 'address', header: t('address'), size: 150, accessorFn: (device) => device.address ?? '' },
      {
        id: 'endpoint',
        header: t('endpoint'),
        size: 190,
        enableSorting: false,
        accessorFn: (device) =>
          device.mavlink_system_id != null
            ? t('systemIdValue', { id: device.mavlink_system_id })
            : device.desktop
              ? `${device.desktop.host}:${device.desktop.port}`
              : '',
      },
      {
        id: 'secrets',
        header: t('secrets'),
        size: 170,
        enableSorting: false,
        accessorFn: (device) =>
          [device.desktop?.has_password && t('passwordSet'), device.has_signing_key && t('signingKeySet')].filter(Boolean).join(', ') || t('none'),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `kindLabel` only reads `t`
    [t],
  )

  const rowActions = (device: ManagedDevice) => (
    <MenuButton label={t('actionsFor', { name: device.name })} icon={MoreHorizontal} iconOnly className="honu-button--small">
      <MenuItem label={t('editDevice')} onSelect={() => setEditing({ device })} />
      <MenuItem label={t('issueToken')} onSelect={() => (setFailure(undefined), setConfirming({ kind: 'token', device }))} />
      <MenuSeparator />
      <MenuItem label={t('removeDevice')} onSelect={() => (setFailure(undefined), setConfirming({ kind: 'remove', device }))} />
    </MenuButton>
  )

  const name = confirming?.device.name ?? ''
  return (
    <section className="honu-admin-devices" aria-labelledby={titleId}>
      <div className="honu-admin__bar">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t('devicesOf', { tenant: tenantName })}
        </h2>
        <button type="button" className="honu-button" onClick={() => setEditing({})}>
          <Plus aria-hidden="true" />
          {t('registerDevice')}
        </button>
      </div>
      {devices.status === 'ready' ? (
        <>
          <p className="honu-muted" role="status">
            {t('deviceCount', { count: devices.data.length })}
          </p>
          <DataTable
            columns={columns}
            rows={devices.data}
            getRowId={(device) => device.device_id}
            label={t('devicesOf', { tenant: tenantName })}
            emptyText={t('noDevices')}
            height={420}
            actionsLabel={t('actions')}
            renderRowActions={rowActions}
          />
        </>
      ) : (
        <LoadStatus state={devices} what={t('theDevices')} loading={t('loadingDevices')} onRetry={devices.retry} />
      )}
      {editing && (
        <DeviceDialog
          device={editing.device}
          tenantName={tenantName}
          onClose={() => setEditing(undefined)}
          onSave={save}
          failedText={(error) => errorText(error, t('saveFailed'))}
        />
      )}
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={confirming?.kind === 'token' ? t('issueTokenQuestion', { name }) : t('removeDeviceQuestion', { name })}
        description={confirming?.kind === 'token' ? t('issueTokenWarning', { name }) : t('removeDeviceWarning', { name, tenant: tenantName })}
        confirmLabel={confirming?.kind === 'token' ? t('issue') : t('remove')}
        cancelLabel={t('cancel')}
        danger={confirming?.kind === 'remove'}
        onConfirm={confirm}
        error={failure}
      />
      {issued && <TokenDialog name={issued.name} token={issued.token} onClose={() => setIssued(undefined)} />}
    </section>
  )
}
