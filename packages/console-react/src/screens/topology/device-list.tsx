import { createContext, useContext, useMemo, useState } from 'react'
import { topologyWords, DEVICE_STATES, type TopologyDevice, type TopologyNetwork } from '@honu/core/topology'
import { DataTable, useLocale, useMessages, type ColumnDef, type SortingState } from '@honu/console-kit'
import { topologyMessages } from './topology-messages'

// Room for a 44 px touch target (the name's button) and the row's border.
const ROW_HEIGHT = 48
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
  const w = useMessages(topologyWords)
  const { locale, dates } = useLocale()
  const clock = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        hour12: dates.hour12,
      }),
    [locale, dates.hour12],
  )
  const columns = useMemo<ColumnDef<TopologyDevice>[]>(() => {
    const networkLabel = (id: string | undefined) => {
      const network = id ? networks.find((n) => n.id === id) : undefined
      return network ? `${w(network.kind === 'remote' ? 'network_remote' : 'network_vpn')} ${network.cidr}` : t('noNetwork')
    }
    // Widths are proportions: they add up to 500 px, so the table fits a 600 px screen (spec §9) without scrolling
    // sideways, and a wider table shares its extra width out in the same proportions (fixed table layout). Long
    // text is cut with an ellipsis.
    return [
      {
        id: 'name',
        header: t('name'),
        size: 110,
        accessorFn: (device) => device.name,
        // Names are data: text inside a button, never markup. A component of its own (not a closure over the
        // selection), so selecting keeps the same button: focus stays, and returns to it when the panel closes.
        cell: NameCell,
      },
      { id: 'kind', header: t('kind'), size: 70, accessorFn: (device) => w(`kind_${device.kind}`) },
      {
        id: 'state',
        header: t('state'),
        size: 75,
        // Sorted by how alive (online first), shown as a word with its colour.
        sortDescFirst: false,
        accessorFn: (device) => DEVICE_STATES.indexOf(device.state),
        cell: StateCell,
      },
      { id: 'address', header: t('address'), size: 85, accessorFn: (device) => device.address || t('noAddress') },
      { id: 'network', header: t('network'), size: 85, accessorFn: (device) => networkLabel(device.networkId) },
      {
        id: 'lastSeen',
        header: t('lastSeen'),
        size: 75,
        accessorFn: (device) => device.lastSeen ?? 0,
        cell: ({ row }) => <LastSeenCell id={row.original.id} clock={clock} />,
      },
    ]
  }, [t, w, networks, clock])

  const opening = useMemo(() => ({ selectedId, onOpen }), [selectedId, onOpen])
  const live = useMemo(() => new Map(devices.map((device) => [device.id, device])), [devices])
  const [sorting, setSorting] = useState<SortingState>([])
  const rows = useSameRows(devices, sorting)
  return (
    <Opening.Provider value={opening}>
      <LiveDevices.Provider value={live}>
        <DataTable
          className="honu-topology-devices"
          columns={columns}
          rows={rows}
          onSorted={setSorting}
          getRowId={(device) => device.id}
          label={t('devices', { tenant: tenant.name })}
          rowHeight={ROW_HEIGHT}
          height={TABLE_HEIGHT}
          emptyText={total === 0 ? t('noDevices') : t('noMatches')}
          // A device selected in the graph (or coming back from it) is scrolled into view here.
          revealRowId={selectedId}
        />
      </LiveDevices.Provider>
    </Opening.Provider>
  )
}

/**
 * The rows the table is given: the last array again while only live states changed (the same devices in the same
 * order) and the sort stayed, so the table does not rebuild its rows for a state change. With 10,000 devices each
 * rebuild took 100 ms and more of the page's main thread, four times a second (`pnpm bench:topology-live`); the
 * state and last-seen cells read the devices as they are now from {@link LiveDevices}, so only the rows in view draw
 * again. A list sorted by state or last seen therefore keeps its order while states change (rows do not jump under
 * the pointer); the next sort takes the states as they are then.
 */
function useSameRows(devices: readonly TopologyDevice[], sorting: SortingState): readonly TopologyDevice[] {
  const [kept, setKept] = useState({ rows: devices, sorting })
  const { rows } = kept
  const same =
    kept.sorting === sorting && (rows === devices || (rows.length === devices.length && devices.every((device, i) => device.id === rows[i]!.id)))
  // Other devices, another order or another sort: these are the rows from now on (React's state from the last render).
  if (!same) setKept({ rows: devices, sorting })
  return same ? rows : devices
}

/** Each device as it is now (live state and last sign of life), by id, for the cells that show them. */
const LiveDevices = createContext<ReadonlyMap<string, TopologyDevice>>(new Map())

/** A device's live state as a word with its colour. */
function StateCell({ row }: { row: { original: TopologyDevice } }) {
  const w = useMessages(topologyWords)
  const state = (useContext(LiveDevices).get(row.original.id) ?? row.original).state
  return (
    <span className="honu-topology-state" data-state={state}>
      <span className="honu-topology-state__dot" aria-hidden="true" />
      {w(`state_${state}`)}
    </span>
  )
}

/** When a device was last seen, or "never". */
function LastSeenCell({ id, clock }: { id: string; clock: Intl.DateTimeFormat }) {
  const t = useMessages(topologyMessages)
  const lastSeen = useContext(LiveDevices).get(id)?.lastSeen
  return lastSeen === undefined ? t('never') : clock.format(lastSeen)
}

/** The selection and how to open a device, for the name cells. */
const Opening = createContext<{ selectedId?: string; onOpen: (deviceId: string) => void }>({ onOpen: () => {} })

/** A device's name as the button that opens it; marked current when the device is selected. */
function NameCell({ row }: { row: { original: TopologyDevice } }) {
  const t = useMessages(topologyMessages)
  const { selectedId, onOpen } = useContext(Opening)
  const device = row.original
  return (
    <button
      type="button"
      className="honu-topology-device__open"
      aria-haspopup="dialog"
      aria-current={device.id === selectedId ? 'true' : undefined}
      aria-label={t('open', { name: device.name })}
      onClick={() => onOpen(device.id)}
    >
      {device.name}
    </button>
  )
}
