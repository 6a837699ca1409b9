import type { TranslationsOf } from '../i18n/define-messages'
import type { topologyWords } from './topology-words'

/** The topology model's words in German (loaded when German is chosen). */
export default {
  'core.topology': {
    kind_camera: 'Kamera',
    kind_vehicle: 'Fahrzeug',
    kind_remote_access: 'Fernzugriff',
    kind_unknown: 'Unbekannt',
    state_online: 'Online',
    state_stale: 'Veraltet',
    state_offline: 'Offline',
    network_remote: 'Remote-Netzwerk',
    network_vpn: 'VPN',
  },
} satisfies TranslationsOf<{ words: typeof topologyWords }>
