import type { TranslationsOf } from '@honu/core'
import type { executionMessages } from './execution-messages'

/** The Start execution action's messages in German (loaded when German is chosen). */
export default {
  'missions.execution': {
    heading: 'Ausführung von {mission}',
    start: 'Ausführung starten',
    starting: 'Wird gestartet…',
    noPlatform: 'Die Mission nennt keine Plattform: Geben Sie ihr das Fahrzeug, das sie fährt.',
    noPlan: 'Die Mission hat keinen gespeicherten Plan: Planen Sie zuerst ihre Wegpunkte und speichern Sie sie.',
    badPlan: 'Der gespeicherte Plan kann nicht gelesen werden: {reason}',
    finding: 'Der gespeicherte Plan besteht seine Prüfungen nicht: {finding}',
    started: 'Ausführung gestartet: Verfolgen Sie sie im Widget Missionsausführung.',
    refused: 'Nicht gestartet: {reason}',
    noAnswer: 'Der Server hat nicht geantwortet.',
    nobodyInControl: 'Niemand steuert {vehicle}: Übernehmen Sie die Steuerung, bevor Sie starten.',
    youInControl: 'Sie steuern {vehicle}.',
    otherInControl: '{name} steuert {vehicle}.',
    requestControl: 'Steuerung von {vehicle} anfragen',
    controlRefused: 'Ihre Rolle erlaubt keine Steuerung dieses Fahrzeugs.',
    vehicleElsewhere:
      'Das Fahrzeug von {platform} gehört nicht zu den Fahrzeugen des gewählten Mandanten: Wählen Sie seinen Mandanten, um die Steuerung zu übernehmen.',
  },
} satisfies TranslationsOf<{ executionMessages: typeof executionMessages }>
