import { useId, useMemo, useState, type FormEvent } from 'react'
import { Pencil } from 'lucide-react'
import { isAdmin, isSuperAdmin, renameTenant, type Permissions, type Tenant } from '@honu/core'
import { tenantsQuery } from '@honu/core/query'
import {
  DataTable,
  Dialog,
  IconButton,
  useConsoleClient,
  useErrorText,
  useMessages,
  useQuery,
  useQueryCache,
  useSession,
  type ColumnDef,
} from '@honu/console-kit'
import { LoadStatus } from '../../ui/load-status'
import { adminMessages } from './admin-messages'

/** The tenants a user administers: every one for a super admin, else those where they hold an admin role. */
export function administeredTenants(tenants: readonly Tenant[], permissions: Permissions | null | undefined): Tenant[] {
  if (isSuperAdmin(permissions)) return [...tenants]
  return tenants.filter((tenant) => isAdmin(permissions?.[tenant.tenant_id] ?? []))
}

/**
 * The tenants the signed-in user administers (issue 15), with their networks (spec §3's CIDRs and derived ranges),
 * each renamed with PUT tenants.
 */
export function TenantsPanel() {
  const client = useConsoleClient()
  const t = useMessages(adminMessages)
  const errorText = useErrorText()
  const permissions = useSession((s) => s.user?.permissions)
  const tenants = useQuery(tenantsQuery(client))
  const queries = useQueryCache()
  const [renaming, setRenaming] = useState<Tenant>()
  const [message, setMessage] = useState<string>()
  const titleId = useId()

  const network = (cidr: string | null | undefined, range: Tenant['remote_cidr_range']) =>
    !cidr ? t('noNetwork') : range ? t('range', { cidr, start: range.start, end: range.end }) : cidr
  const columns = useMemo<ColumnDef<Tenant>[]>(
    () => [
      { id: 'name', header: t('name'), size: 220, accessorFn: (tenant) => tenant.name },
      { id: 'id', header: t('tenantId'), size: 140, accessorFn: (tenant) => tenant.tenant_id },
      {
        id: 'remote',
        header: t('remoteNetwork'),
        enableSorting: false,
        accessorFn: (tenant) => network(tenant.remote_cidr, tenant.remote_cidr_range),
      },
      { id: 'vpn', header: t('vpnNetwork'), enableSorting: false, accessorFn: (tenant) => network(tenant.vpn_cidr, tenant.vpn_cidr_range) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `network` only reads `t`
    [t],
  )

  const rename = async (tenant: Tenant, name: string) => {
    // PUT tenants; the selected tenant's name (the header's) follows in the tenant store.
    const renamed = await renameTenant(client, tenant.tenant_id, name)
    setMessage(t('renamed', { name: renamed }))
    // Every list of tenants (this table, the header's switcher) loads the new name.
    queries.invalidate(tenantsQuery(client).key)
  }

  return (
    <section className="honu-admin-tenants" aria-labelledby={titleId}>
      <div className="honu-admin__bar">
        <h2 id={titleId}>{t('tenantsTitle')}</h2>
      </div>
      {message && (
        <p className="honu-muted" role="status">
          {message}
        </p>
      )}
      {tenants.status === 'ready' ? (
        <DataTable
          columns={columns}
          rows={administeredTenants(tenants.data, permissions)}
          getRowId={(tenant) => tenant.tenant_id}
          label={t('tenantsTitle')}
          emptyText={t('noTenants')}
          height={320}
          actionsLabel={t('actions')}
          renderRowActions={(tenant) => (
            <IconButton className="honu-button--small" icon={Pencil} label={t('rename', { name: tenant.name })} onClick={() => setRenaming(tenant)} />
          )}
        />
      ) : (
        <LoadStatus state={tenants} what={t('theTenants')} loading={t('loadingTenants')} onRetry={tenants.retry} />
      )}
      {renaming && (
        <RenameDialog
          tenant={renaming}
          onClose={() => setRenaming(undefined)}
          onRename={(name) => rename(renaming, name)}
          failedText={(error) => errorText(error, t('renameFailed'))}
        />
      )}
    </section>
  )
}

function RenameDialog({
  tenant,
  onClose,
  onRename,
  failedText,
}: {
  tenant: Tenant
  onClose: () => void
  onRename: (name: string) => Promise<void>
  failedText: (error: unknown) => string
}) {
  const t = useMessages(adminMessages)
  const id = useId()
  const [name, setName] = useState(tenant.name)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [touched, setTouched] = useState(false)
  const missing = !name.trim()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (missing) return
    setBusy(true)
    setError(undefined)
    try {
      await onRename(name.trim())
      onClose()
    } catch (failure) {
      setError(failedText(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()} title={t('renameTitle', { name: tenant.name })} closeOnOutsidePress={false}>
      <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-name`}>{t('newName')}</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" aria-invalid={touched && missing} />
        {touched && missing && <p className="honu-error">{t('missingTenantName')}</p>}
        {error && (
          <p className="honu-error" role="alert">
            {error}
          </p>
        )}
        <div className="honu-dialog__footer">
          <button type="button" className="honu-button honu-button--quiet" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="honu-button" disabled={busy} aria-busy={busy || undefined}>
            {t('save')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
