import { useId } from 'react'
import { AlertTriangle } from 'lucide-react'
import { topologyWords, type NetworkRef, type TopologyDevice, type TopologyNetwork } from '@honu/core/topology'
import { useMessages } from '@honu/console-kit'
import { topologyMessages } from './topology-messages'

/** Props of {@link NetworksSection}. */
export interface NetworksSectionProps {
  /** The tenant whose networks these are (its name heads the section; overlaps within it are worded as its own). */
  tenant: { id: string; name: string }
  /** The tenant's networks, remote first (the model's order). */
  networks: readonly TopologyNetwork[]
  /** The tenant's devices (all of them, not only the filtered ones): counted per network. */
  devices: readonly TopologyDevice[]
  /** The selected device, network or tenant id (shared with the graph). */
  selectedId?: string
  /** Selects a network (its id), or clears the selection when the selected one is chosen again. */
  onSelect: (id: string | undefined) => void
}

/**
 * The tenant's networks (spec §3: `remote_cidr` and `vpn_cidr` with their first and last address), each with how
 * many devices it holds and a warning per network of another tenant the user can see that shares addresses with it,
 * naming that network and its tenant. A network the user cannot see is never named: the model only holds the
 * tenants GET tenants gave this user.
 */
export function NetworksSection({ tenant, networks, devices, selectedId, onSelect }: NetworksSectionProps) {
  const t = useMessages(topologyMessages)
  const w = useMessages(topologyWords)
  const id = useId()
  const counts = new Map<string, number>()
  for (const device of devices) if (device.networkId) counts.set(device.networkId, (counts.get(device.networkId) ?? 0) + 1)
  const label = (ref: Pick<NetworkRef, 'kind'>) => w(ref.kind === 'remote' ? 'network_remote' : 'network_vpn')

  return (
    <section className="honu-topology-networks" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('networks', { tenant: tenant.name })}</h2>
      {networks.length === 0 ? (
        <p className="honu-muted">{t('noNetworks', { tenant: tenant.name })}</p>
      ) : (
        <ul className="honu-topology-networks__list">
          {networks.map((network) => {
            const selected = network.id === selectedId
            const overlapping = network.overlaps.length > 0
            return (
              <li key={network.id} className="honu-topology-network" data-selected={selected || undefined} data-overlap={overlapping || undefined}>
                <button
                  type="button"
                  className="honu-topology-network__select"
                  aria-pressed={selected}
                  onClick={() => onSelect(selected ? undefined : network.id)}
                >
                  <span className="honu-topology-network__kind">{label(network)}</span>{' '}
                  <span className="honu-topology-network__cidr">{network.cidr}</span>
                </button>
                <dl className="honu-topology-network__facts">
                  <div>
                    <dt>{t('rangeLabel')}</dt>
                    <dd>{network.range ? t('range', { start: network.range.start, end: network.range.end }) : t('invalidCidr')}</dd>
                  </div>
                  <div>
                    <dt>{t('devicesLabel')}</dt>
                    <dd>{t('deviceCount', { count: counts.get(network.id) ?? 0 })}</dd>
                  </div>
                </dl>
                {overlapping ? (
                  <ul className="honu-topology-network__overlaps">
                    {network.overlaps.map((other) => (
                      <li key={other.id} className="honu-topology-overlap">
                        <AlertTriangle aria-hidden="true" />
                        <span>
                          {other.tenantId === tenant.id
                            ? t('overlapsOwn', { network: label(other), cidr: other.cidr })
                            : t('overlaps', { network: label(other), cidr: other.cidr, tenant: other.tenantName })}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="honu-muted honu-topology-network__no-overlap">{t('noOverlap')}</p>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
