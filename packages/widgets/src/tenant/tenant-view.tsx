import { useId } from 'react'
import type { TopologyState } from '@honu/core/topology'
import { useErrorText, useMessages } from '@honu/console-kit'
import { TenantCounts } from './tenant-counts'
import { TenantName } from './tenant-name'
import { TenantNetworks } from './tenant-networks'
import { tenantMessages } from './tenant-messages'

/** Props of {@link TenantView}. */
export interface TenantViewProps {
  /** The selected tenant (the tenant store's: its name is the header's). */
  tenant: { id: string; name: string }
  /** Where the tenant's topology stands (`getTopologyStore(client).getSnapshot()`): networks, devices, counts. */
  topology: Pick<TopologyState, 'status' | 'error' | 'model' | 'presence'>
  /** Whether the user may rename the tenant (an admin of it, or a super admin). */
  canRename: boolean
  /** Saves a new name (trimmed, checked); resolves with the saved name. */
  onRename(name: string): Promise<string>
  /** Loads the topology again after a failure. */
  onRetry(): void
}

/**
 * What the Tenant widget shows, from plain data (stories and tests give it directly): the tenant's name (renamed in
 * place by admins), its networks with their ranges and overlap warnings, and its devices counted by kind and state.
 * The name comes from the tenant store and shows while the networks load or after they failed.
 */
export function TenantView({ tenant, topology, canRename, onRename, onRetry }: TenantViewProps) {
  const t = useMessages(tenantMessages)
  const errorText = useErrorText()
  const id = useId()
  // The model is the selected tenant's once its first load is done (the store drops another tenant's at once).
  const model = topology.model?.tenant.id === tenant.id ? topology.model : undefined
  const state = model ? 'ready' : topology.status
  return (
    // A labelled group, not a landmark: two Tenant widgets may show the same tenant, and a dashboard of widgets would
    // otherwise fill the page's landmark list (axe landmark-unique).
    <div role="group" className="honu-tenant" data-state={state} aria-label={t('region', { name: tenant.name })} tabIndex={0}>
      <TenantName key={tenant.id} name={tenant.name} canRename={canRename} onRename={onRename} />
      {model ? (
        <>
          {topology.error !== undefined && <p className="honu-tenant__note">{t('refreshFailed')}</p>}
          <h4 id={`${id}-networks`} className="honu-tenant__heading">
            {t('networks')}
          </h4>
          <TenantNetworks tenantId={model.tenant.id} networks={model.networks} labelledBy={`${id}-networks`} />
          <h4 className="honu-tenant__heading">{t('devices')}</h4>
          {topology.presence === 'refused' ? (
            <p className="honu-tenant__note">{t('presenceRefused')}</p>
          ) : topology.presence !== 'live' && model.devices.length > 0 ? (
            <p className="honu-tenant__muted">{t('presenceLoading')}</p>
          ) : null}
          <TenantCounts name={tenant.name} counts={model.counts} />
        </>
      ) : topology.status === 'failed' ? (
        <div role="alert" className="honu-tenant__failed">
          <p className="honu-tenant__error">{t('loadFailed', { reason: errorText(topology.error, t('noAnswer')) })}</p>
          <button type="button" className="honu-button honu-button--small" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <p className="honu-tenant__muted" role="status">
          {t('loading')}
        </p>
      )}
    </div>
  )
}
