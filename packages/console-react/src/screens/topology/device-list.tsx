import { useMemo } from 'react'
import { DEVICE_STATES, type TopologyDevice, type TopologyNetwork } from '@honu/core/topology'
import { DataTable, useLocale, useMessages, type ColumnDef } from '@honu/console-kit'
import { topologyMessages } from './topology-messages'

const ROW_HEIGHT = 44
const TABLE_HEIGHT = 520

/** Props of {@link DeviceList}. */
export interface DeviceListProps {
  /** The tenant (its name is the table's accessible name). */
  tenant: { id: string; name: string }
  /** The devices to show (already filtered), in the model's order (by name) until a header sorts them. */
  devices: readonly TopologyDevice[]
  /** The tenant's networks, to name each device's network. */
  networks: readonly TopologyNetwork[]
  /** How many devices the tenant has in all (to say "no match" rather than "no devices"). */
  total: number
  /** The selected device (shared with the graph): its row is marked. */
  selectedId?: string
  /** Opens a device: selects it and shows its panel. */
  onOpen: (deviceId: string) => void
}

/**
 * The tenant's devices on console-kit's `DataTable` (only the rows in view are in the DOM, so 10,000 scroll as
 * smoothly as 10): name (a button that opens the device), kind, state as a word with its colour, address, network
 * and when it was last seen. Every column sorts; arrows, Page keys, Home and End move between rows.
 */
export function DeviceList({ tenant, devices, networks, total, selectedId, onOpen }: DeviceListProps) {
  const t = useMessages(topologyMessages)
  const { locale, dates } = useLocale()
  const clock = useMemo(
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: dates.hour12 }),
    [locale, dates.hour12],
  )
  const columns = useMemo<ColumnDef<TopologyDevice>[]>(() => {
    const networkLabel = (id: string | undefined) => {
      const network = id ? networks.find((n) => n.id === id) : undefined
      return network ? `${t(network.kind === 'remote' ? 'network_remote' : 'network_vpn')} ${network.cidr}` : t('noNetwork')
    }
    return [
      {
        id: 'name',
        header: t('name'),
        accessorFn: (device) => device.name,
        // Names are data: text inside a button, never markup.
        cell: ({ row }) => (
          <button
            type="button"
            className="honu-topology-device__open"
            aria-haspopup="dialog"
            aria-current={row.original.id === selectedId ? 'true' : undefined}
            aria-label={t('open', { name: row.original.name })}
            onClick={() => onOpen(row.original.id)}
          >
            {row.original.name}
          </button>
        ),
      },
      { id: 'kind', header: t('kind'), size: 140, accessorFn: (device) => t(`kind_${device.kind}`) },
      {
        id: 'state',
        header: t('state'),
        size: 120,
        // Sorted by how alive (online first), shown as a word with its colour.
        sortDescFirst: false,
        accessorFn: (device) => DEVICE_STATES.indexOf(device.state),
        cell: ({ row }) => (
          <span className="honu-topology-state" data-state={row.original.state}>
            <span className="honu-topology-state__dot" aria-hidden="true" />
            {t(`state_${row.original.state}`)}
          </span>
        ),
      },
      { id: 'address', header: t('address'), size: 170, accessorFn: (device) => device.address || t('noAddress') },
      { id: 'network', header: t('network'), accessorFn: (device) => networkLabel(device.networkId) },
      {
        id: 'lastSeen',
        header: t('lastSeen'),
        size: 170,
        accessorFn: (device) => device.lastSeen ?? 0,
        cell: ({ row }) => (row.original.lastSeen === undefined ? t('never') : clock.format(row.original.lastSeen)),
      },
    ]
  }, [t, networks, clock, selectedId, onOpen])

  return (
    <DataTable
      className="honu-topology-devices"
      columns={columns}
      rows={devices}
      getRowId={(device) => device.id}
      label={t('devices', { tenant: tenant.name })}
      rowHeight={ROW_HEIGHT}
      height={TABLE_HEIGHT}
      emptyText={total === 0 ? t('noDevices') : t('noMatches')}
    />
  )
}
