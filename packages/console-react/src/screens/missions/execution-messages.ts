import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./execution-de').then((m) => m.default) }

/**
 * The words of a mission's Start execution action on the mission operations screen: why it cannot start yet, the
 * vehicle's control, the server's answer. Its German is a module of this folder, loaded when German is chosen.
 */
export const executionMessages = defineMessages(
  'missions.execution',
  {
    heading: 'Execution of {mission}',
    start: 'Start execution',
    starting: 'Starting…',
    noPlatform: 'The mission names no platform: give it the vehicle that flies it.',
    noPlan: 'The mission has no saved plan: plan its waypoints and save them first.',
    badPlan: 'The saved plan cannot be read: {reason}',
    finding: 'The saved plan does not pass its checks: {finding}',
    started: 'Execution started: follow it in the Mission execution widget.',
    refused: 'Not started: {reason}',
    noAnswer: 'the server did not answer.',
    nobodyInControl: 'Nobody is in control of {vehicle}: take control before you start.',
    youInControl: 'You are in control of {vehicle}.',
    otherInControl: '{name} is in control of {vehicle}.',
    requestControl: 'Request control of {vehicle}',
    controlRefused: 'Your role does not allow control of this vehicle.',
    vehicleElsewhere: 'The vehicle of {platform} is not among the selected tenant’s vehicles: choose its tenant to take control.',
  },
  translations,
)
