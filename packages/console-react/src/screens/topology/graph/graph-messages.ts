import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./graph-de').then((m) => m.default) }

/**
 * The network graph (issue 16): its region, toolbar, legend, the focused node's details and what the keyboard
 * announces. Kinds, states and network kinds are the topology screen's words (`topologyMessages`).
 */
export const graphMessages = defineMessages(
  'topologyGraph',
  {
    region: 'Network graph of {tenant}',
    canvas: 'Graph of {tenant}: {networks, plural, one {# network} other {# networks}}, {devices, plural, one {# device} other {# devices}} shown',
    help: 'Arrow keys move between nodes: up to the parent, down to the first child, left and right between siblings. Home goes to the tenant, Enter opens a device, Escape clears the focus, plus and minus zoom, 0 fits the graph.',
    laying: 'Laying out the graph…',
    noWebgl: 'This browser cannot draw the graph (WebGL is not available). The list shows the same devices.',
    find: 'Find a node',
    findHelp: 'Name, address or network; Enter again finds the next.',
    findButton: 'Find',
    found: '{label}: match {index, number} of {count, number}',
    notFound: 'No node matches “{query}”.',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Zoom to fit',
    legend: 'Legend',
    legendTenant: 'Tenant',
    legendNetwork: 'Network of this tenant',
    legendForeign: 'Network of another tenant that overlaps',
    legendOverlap: 'Overlap between networks',
    network: '{tenant} {kind} {cidr}',
    deviceStale: '{name} (stale)',
    deviceOffline: '{name} (offline)',
    tenantKind: 'tenant',
    foreignKind: 'network of another tenant',
    announceTenant: '{name}, tenant: {networks, plural, one {# network} other {# networks}}, {devices, plural, one {# device} other {# devices}}.',
    announceNetwork: '{label}: {devices, plural, =0 {no devices} one {# device} other {# devices}}{overlaps}.',
    announceOverlaps: ', overlaps {names}',
    announceForeign: '{label}, {kind}, overlaps {names}.',
    announceDevice: '{name}, {kind}, {state}, {address}.',
    announcePosition: '{index, number} of {count, number} in {parent}.',
    noAddress: 'no address',
    details: 'Focused node',
    nothingFocused: 'No node focused. Click a node or use the arrow keys in the graph.',
    kindLabel: 'Kind',
    stateLabel: 'State',
    addressLabel: 'Address',
    networkLabel: 'Network',
    rangeLabel: 'Addresses',
    overlapsLabel: 'Overlaps',
    devicesLabel: 'Devices',
    openDevice: 'Open {name}',
    none: 'none',
  },
  translations,
)
