import { AlertTriangle } from 'lucide-react'
import { topologyWords, type NetworkKind, type TopologyNetwork } from '@honu/core/topology'
import { useMessages } from '@honu/console-kit'
import { tenantMessages } from './tenant-messages'

/** Props of {@link TenantNetworks}. */
export interface TenantNetworksProps {
  /** The tenant whose networks these are: an overlap with one of its own other networks is worded as its own. */
  tenantId: string
  /** The tenant's networks, remote first (the topology model's order). */
  networks: readonly TopologyNetwork[]
  /** The id of the heading above the list (the widget's "Networks"). */
  labelledBy: string
}

/**
 * The tenant's networks (spec §3's `remote_cidr` and `vpn_cidr`): each CIDR with its first and last address, and a
 * warning per network the user can see that shares addresses with it, naming that network and its tenant. Networks
 * of tenants the user cannot see are not in the model, so they are never named.
 */
export function TenantNetworks({ tenantId, networks, labelledBy }: TenantNetworksProps) {
  const t = useMessages(tenantMessages)
  const w = useMessages(topologyWords)
  const kindName = (kind: NetworkKind) => w(kind === 'remote' ? 'network_remote' : 'network_vpn')
  const kindInSentence = (kind: NetworkKind) => t(kind === 'remote' ? 'networkOf_remote' : 'networkOf_vpn')
  if (networks.length === 0) return <p className="honu-tenant__muted">{t('noNetworks')}</p>
  return (
    <ul className="honu-tenant__networks" aria-labelledby={labelledBy}>
      {networks.map((network) => (
        <li key={network.id} className="honu-tenant__network" data-overlap={network.overlaps.length > 0 || undefined} data-valid={network.valid}>
          <p className="honu-tenant__network-title">
            <span className="honu-tenant__network-kind">{kindName(network.kind)}</span> <span className="honu-tenant__cidr">{network.cidr}</span>
          </p>
          {network.range ? (
            <dl className="honu-tenant__range">
              <div>
                <dt>{t('firstAddress')}</dt>
                <dd>{network.range.start}</dd>
              </div>
              <div>
                <dt>{t('lastAddress')}</dt>
                <dd>{network.range.end}</dd>
              </div>
            </dl>
          ) : (
            <p className="honu-tenant__muted">{t('invalidCidr')}</p>
          )}
          {network.overlaps.length > 0 ? (
            <ul className="honu-tenant__overlaps">
              {network.overlaps.map((other) => (
                <li key={other.id} className="honu-tenant__overlap">
                  <AlertTriangle className="honu-tenant__overlap-icon" aria-hidden="true" />
                  <span>
                    {other.tenantId === tenantId
                      ? t('overlapsOwn', { network: kindInSentence(other.kind), cidr: other.cidr })
                      : t('overlaps', { network: kindInSentence(other.kind), cidr: other.cidr, tenant: other.tenantName })}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="honu-tenant__muted">{t('noOverlap')}</p>
          )}
        </li>
      ))}
    </ul>
  )
}
