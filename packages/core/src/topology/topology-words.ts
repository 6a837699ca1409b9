import { defineMessages, type TranslationLoaders } from '../i18n/define-messages'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./topology-words-de').then((m) => m.default) }

/**
 * The words of the topology model, said alike wherever it shows (the topology list and graph, the device panel, the
 * Tenant widget): a device's kind (spec §1) and live state, a network's kind. Keys are `kind_<kind>`,
 * `state_<state>` and `network_<kind>`, so a caller words a value as `t(`kind_${device.kind}`)`.
 */
export const topologyWords = defineMessages(
  'core.topology',
  {
    kind_camera: 'Camera',
    kind_vehicle: 'Vehicle',
    kind_remote_access: 'Remote access',
    kind_unknown: 'Unknown',
    state_online: 'Online',
    state_stale: 'Stale',
    state_offline: 'Offline',
    network_remote: 'Remote network',
    network_vpn: 'VPN',
  },
  translations,
)
