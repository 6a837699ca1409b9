import type { TranslationsOf } from '@honu/core'
import type { vehiclePageMessages } from './vehicle-messages'

/** The vehicle page's messages in German (loaded when German is chosen). */
export default {
  vehiclePage: {
    title: 'Fahrzeug {name}',
    theVehicle: 'das Fahrzeug',
    loadingVehicle: 'Fahrzeug wird geladen…',
    missing: 'Dieser Mandant hat kein Fahrzeug „{id}“.',
    backToStreams: 'Zurück zu den Streams',
    telemetry: 'Telemetrie',
    map: 'Karte',
    mapComing: 'Die Karte des Fahrzeugs erscheint hier, sobald die Konsole ein Karten-Widget hat.',
    streams: 'Streams',
    theStreams: 'die Streams',
    loadingStreams: 'Streams werden geladen…',
    noStreams: 'Kein Stream dieses Mandanten gehört zu diesem Fahrzeug.',
    noWidgets: 'Diese Konsole wurde ohne Widgets eingerichtet, daher kann das Fahrzeug hier nicht angezeigt werden.',
    widgetStopped: '{name} funktioniert nicht mehr.',
    retry: 'Erneut versuchen',
    loadingPart: '{name} wird geladen…',
  },
} satisfies TranslationsOf<{ vehiclePageMessages: typeof vehiclePageMessages }>
