import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./mission-exec-status-de').then((m) => m.default) }

/**
 * The MissionExecStatus widget's own words: an execution's state, its progress, times and vehicle, who is in
 * control, and the commands. Its German is a module of this folder, loaded when German is chosen.
 */
export const missionExecStatusMessages = defineMessages(
  'widgets.missionExecStatus',
  {
    region: 'Mission execution in {organisation}',
    noOrganisation: 'Choose an organisation first: mission executions belong to an organisation.',
    loading: 'Waiting for the organisation’s executions…',
    refused: 'The server does not share this organisation’s executions with you.',
    liveLost: 'The live connection is lost: what you see may be out of date.',
    none: 'No mission is being executed in {organisation}. Start one from a mission’s plan.',
    pick: 'Execution',
    option: '{mission} on {platform}: {status}',
    status:
      '{status, select, pending {Pending} uploading {Uploading} running {Running} paused {Paused} completed {Completed} aborted {Aborted} failed {Failed} other {{status}}}',
    announce: '{mission}: {status}',
    reason: 'Why: {reason}',
    progress: 'Progress of {mission}',
    progressText: '{reached} of {total} waypoints reached',
    itemOf: 'Item {item} of {count}',
    uploaded: 'Uploaded {uploaded} of {count} items',
    currentWaypoint: 'Current waypoint',
    nextWaypoint: 'Next waypoint',
    waypoint: '{number}: {lat}, {lon}',
    noWaypoint: 'none',
    elapsed: 'Elapsed',
    remaining: 'Remaining (estimate)',
    notKnown: 'not known yet',
    vehicle: 'Vehicle',
    speed: 'Speed',
    altitude: 'Altitude',
    battery: 'Battery',
    metresPerSecond: '{value} m/s',
    metres: '{value} m',
    percent: '{value} %',
    noTelemetry: 'No telemetry from this vehicle yet.',
    vehicleElsewhere:
      'The vehicle of {platform} is not among the selected tenant’s vehicles: choose its tenant to see its telemetry and take control.',
    control: 'Control',
    nobodyInControl: 'Nobody is in control of {vehicle}.',
    youInControl: 'You are in control of {vehicle}.',
    otherInControl: '{name} is in control of {vehicle}.',
    asked: 'You asked for control; the holder sees your request.',
    requestControl: 'Request control',
    releaseControl: 'Release control',
    withdrawRequest: 'Withdraw request',
    controlRefused: 'Your role does not allow control of this vehicle.',
    notHolder: 'You no longer hold control of this vehicle, nor are you asking for it.',
    controlFailed: 'Control could not be changed: {reason}',
    noAnswer: 'the server did not answer.',
    commands: 'Commands for {mission}',
    commandsNeedControl: 'Only the operator in control of the vehicle can pause, resume or abort.',
    pause: 'Pause',
    resume: 'Resume',
    abort: 'Abort',
    abortTitle: 'Abort {mission}?',
    abortDescription:
      'The vehicle stops the mission: an upload is cancelled, a flying vehicle returns to launch (or holds where it is). This cannot be undone.',
    abortConfirm: 'Abort execution',
    refusedCommand: 'Refused: {reason}',
  },
  translations,
)
