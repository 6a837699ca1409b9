import { defineMessages } from '@honu/core'
import { translations } from './translations'

/**
 * The placeholders of widget types not built yet: what each type will show (by type id, which the registry's
 * `description` reads too) and what an unknown type says.
 */
export const placeholderMessages = defineMessages(
  'widgets.placeholder',
  {
    Vehicle: 'Position, speed, heading and health of one vehicle.',
    Vnc: 'A VNC session to a device, with keyboard and mouse.',
    Map: 'Vehicles and devices of the tenant on a map.',
    Video: 'A live video stream with its connection state.',
    Tenant: 'The tenant’s name, its networks with their address ranges and overlaps, and its devices by kind and state.',
    'Remote Access': 'Remote access devices of the tenant and their sessions.',
    MissionExecStatus: 'Status of the running mission executions.',
    MissionReviewInformation: 'Summary of a finished mission for review.',
    CollectedDataInformation: 'Data collected during a mission execution.',
    comingSoon: 'Coming soon: {description}',
    unknownWidget: 'Unknown widget “{type}”',
    unknownType: 'This widget type is not known to this console.',
  },
  translations,
)
