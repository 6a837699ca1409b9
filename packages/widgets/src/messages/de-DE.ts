import type { TranslationsOf } from '@honu/core'
import type { books } from './index'

/** The widgets' messages in German (loaded when German is chosen). */
export default {
  'widgets.types': {
    vehicle: 'Fahrzeug',
    vnc: 'Entfernter Desktop',
    map: 'Karte',
    video: 'Video',
    tenant: 'Mandant',
    remoteAccess: 'Fernzugriff',
    missionExecStatus: 'Missionsausführung',
    missionReview: 'Missionsauswertung',
    collectedData: 'Gesammelte Daten',
  },
  'widgets.video': {
    pickerTitle: 'Stream für {name} wählen',
    pickerDescription: 'Das Widget spielt den gewählten Stream ab. Mit den Pfeiltasten wechseln Sie zwischen den Streams.',
    streams: 'Streams dieses Mandanten',
    loadingStreams: 'Streams werden geladen…',
    streamsFailed: 'Die Streams konnten nicht geladen werden: {reason}',
    noAnswer: 'Der Server hat nicht geantwortet.',
    retry: 'Erneut versuchen',
    noTenant: 'Wählen Sie zuerst einen Mandanten: Streams gehören zu einem Mandanten.',
    noStreams: 'Dieser Mandant hat noch keine Streams. Legen Sie einen in der Streamliste an und kommen Sie dann zurück.',
    pickFirst: 'Wählen Sie zuerst einen Stream.',
    cancel: 'Abbrechen',
    show: 'Stream anzeigen',
    noStream: 'Für dieses Widget ist kein Stream gewählt.',
    streamGone: 'Dieser Stream ist nicht mehr in der Liste des Mandanten; entfernen Sie das Widget oder wählen Sie einen anderen Stream.',
    chooseStream: 'Stream wählen',
  },
} satisfies TranslationsOf<typeof books>
