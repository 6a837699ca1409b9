import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./topology-de').then((m) => m.default) }

/**
 * The network topology screen (spec §2 `networktopology`, issue 16): its two views, the filter bar, the networks
 * with their ranges and overlaps, the device list and the device panel. Kinds, states and network kinds have their
 * words in core (`topologyWords` of `@honu/core/topology`), said alike here and in the Tenant widget.
 */
export const topologyMessages = defineMessages(
  'topology',
  {
    titleList: 'Network topology',
    titleGraph: 'Network graph',
    views: 'Views',
    filtersAndNetworks: 'Filters and networks',
    list: 'List',
    graph: 'Graph',
    loading: 'Loading the network topology…',
    theTopology: 'the network topology',
    refreshFailed: 'The topology could not be refreshed; it shows what was loaded before.',
    presenceRefused: 'Live states are not available for this tenant; every device shows as offline.',
    filters: 'Filter devices',
    search: 'Search devices',
    searchHelp: 'Name, address, kind or network.',
    kind: 'Kind',
    state: 'State',
    clearFilters: 'Clear filters',
    networks: 'Networks of {tenant}',
    noNetworks: '{tenant} has no networks.',
    range: '{start} – {end}',
    rangeLabel: 'Addresses',
    invalidCidr: 'Not a valid CIDR: no addresses.',
    deviceCount: '{count, plural, =0 {no devices} one {# device} other {# devices}}',
    overlaps: 'Overlaps {network} {cidr} of {tenant}',
    overlapsOwn: 'Overlaps this tenant’s {network} {cidr}',
    noOverlap: 'No overlap with a network you can see.',
    devicesLabel: 'Devices',
    devices: 'Devices of {tenant}',
    shown: '{shown, number} of {total, number} devices',
    noDevices: 'This tenant has no devices.',
    noMatches: 'No device matches the filters.',
    name: 'Name',
    address: 'Address',
    network: 'Network',
    lastSeen: 'Last seen',
    never: 'never',
    noAddress: 'none',
    noNetwork: 'none',
    open: 'Open {name}',
    panelDescription: '{kind}, {state}',
    noWidget: 'No widget shows devices of unknown kind.',
    noWidgets: 'This console was set up without widgets, so the device cannot be shown here.',
    loadingStreams: 'Finding the camera’s stream…',
    theStreams: 'the streams',
    close: 'Close',
  },
  translations,
)
