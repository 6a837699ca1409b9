import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { isAdmin, isSuperAdmin, renameTenant } from '@honu/core'
import { tenantsQuery } from '@honu/core/query'
import { getTopologyStore } from '@honu/core/topology'
import { useConsoleClient, useMessages, useQueryCache, useSession, useTenant } from '@honu/console-kit'
import type { WidgetProps } from '@honu/console-kit/widget'
import type { TenantWidgetData } from './tenant-widget-data'
import { tenantMessages } from './tenant-messages'
import { TenantView } from './tenant-view'

/**
 * The dashboard's Tenant widget (spec §2, issue 16): the selected tenant's name, renamed in place by its admins
 * (and super admins) through PUT tenants (`renameTenant`: the header follows), its networks with their ranges and
 * overlap warnings, and its devices counted by kind and live state. Networks, devices and states come from the
 * console's one topology store (`getTopologyStore`), which the network topology screen shares, so the widget and
 * the screen never disagree. Readers see the same without the rename control; the server refuses them anyway.
 */
export function TenantWidget(_props: WidgetProps<TenantWidgetData>) {
  const t = useMessages(tenantMessages)
  const client = useConsoleClient()
  const tenant = useTenant((s) => s.tenant)
  const roles = useTenant((s) => s.roles)
  const permissions = useSession((s) => s.user?.permissions)
  const store = useMemo(() => getTopologyStore(client), [client])
  const topology = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  const tenantId = tenant?.tenant_id
  const queries = useQueryCache()
  const onRename = useCallback(
    async (name: string) => {
      const renamed = await renameTenant(client, tenantId ?? '', name)
      // Every list of tenants (the header's switcher, the admin console's table) loads the new name.
      queries.invalidate(tenantsQuery(client).key)
      return renamed
    },
    [client, tenantId, queries],
  )
  const onRetry = useCallback(() => void store.reload(), [store])

  if (!tenant) {
    return (
      <p className="honu-tenant honu-tenant__muted" role="status">
        {t('noTenant')}
      </p>
    )
  }
  return (
    <TenantView
      tenant={{ id: tenant.tenant_id, name: tenant.name }}
      topology={topology}
      canRename={isAdmin(roles) || isSuperAdmin(permissions)}
      onRename={onRename}
      onRetry={onRetry}
    />
  )
}
