import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./tenant-de').then((m) => m.default) }

/**
 * The Tenant widget's own words (issue 16): the selected tenant's name and its rename in place, its networks with
 * their ranges and overlaps, its devices counted by kind and state. Its German is a module of this folder, loaded
 * when German is chosen (the widget's chunk carries only its own).
 */
export const tenantMessages = defineMessages(
  'widgets.tenant',
  {
    region: 'Tenant {name}',
    noTenant: 'Choose a tenant first: the widget shows the selected tenant.',
    rename: 'Rename {name}',
    renameTitle: 'Rename the tenant',
    newName: 'Tenant name',
    renameHelp: 'Enter saves, Escape cancels.',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    renamed: 'Tenant renamed to {name}.',
    // In the manner of spec §8's notifications ('Error updating user roles'), with the reason after it.
    renameFailed: 'Error renaming tenant: {reason}',
    noAnswer: 'the server did not answer.',
    missingName: 'Enter the tenant’s name.',
    nameTooLong: 'A tenant’s name has at most {max, number} characters; this one has {count, number}.',
    nameInvalid: 'A tenant’s name is one line, without control, bidirectional or zero-width characters.',
    networks: 'Networks',
    noNetworks: 'This tenant has no networks.',
    networkOf_remote: 'remote network',
    networkOf_vpn: 'VPN',
    firstAddress: 'First address',
    lastAddress: 'Last address',
    invalidCidr: 'Not a valid CIDR, so it has no addresses.',
    overlaps: 'Overlaps the {network} {cidr} of {tenant}.',
    overlapsOwn: 'Overlaps this tenant’s {network} {cidr}.',
    noOverlap: 'No overlap with a network you can see.',
    devices: 'Devices',
    devicesCaption: 'Devices of {name} by kind and state',
    kind: 'Kind',
    total: 'Total',
    allKinds: 'All kinds',
    noDevices: 'This tenant has no devices.',
    loading: 'Loading the tenant’s networks and devices…',
    loadFailed: 'The tenant’s networks and devices could not be loaded: {reason}',
    refreshFailed: 'Could not refresh; this is what was loaded before.',
    retry: 'Try again',
    presenceLoading: 'Waiting for the live states; devices count as offline until they arrive.',
    presenceRefused: 'Live states are not available for this tenant; every device counts as offline.',
  },
  translations,
)
