import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./vehicle-de').then((m) => m.default) }

/** The vehicle page (spec §2: a lazily loaded page): its telemetry, map and streams. */
export const vehiclePageMessages = defineMessages(
  'vehiclePage',
  {
    title: 'Vehicle {name}',
    theVehicle: 'the vehicle',
    loadingVehicle: 'Loading the vehicle…',
    missing: 'This tenant has no vehicle “{id}”.',
    backToStreams: 'Back to the streams',
    telemetry: 'Telemetry',
    map: 'Map',
    mapComing: 'The vehicle’s map shows here once the console has a Map widget.',
    streams: 'Streams',
    theStreams: 'the streams',
    loadingStreams: 'Loading streams…',
    noStreams: 'No stream of this tenant belongs to this vehicle.',
    noWidgets: 'This console was set up without widgets, so the vehicle cannot be shown here.',
    widgetStopped: '{name} stopped working.',
    retry: 'Try again',
    loadingPart: 'Loading {name}…',
  },
  translations,
)
