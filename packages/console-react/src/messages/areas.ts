import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The working areas of the route table: navigation labels, titles and what each area holds. */
export const areaMessages = defineMessages(
  'areas',
  {
    streams: 'Streams',
    networkTopology: 'Network topology',
    networkGraph: 'Network graph',
    collaboration: 'Collaboration',
    collaborationText: 'Messages and shared views between operators.',
    adminConsole: 'Admin console',
    missionOperations: 'Mission operations',
    missionOperationsText: 'Running missions and their executions.',
    missionReview: 'Mission review',
    missionReviewText: 'Finished missions and the data they collected.',
    userManagement: 'User management',
    userManagementText: 'The organisation’s users and their roles.',
    yourRole: 'Your role here: {roles}',
    dashboard: '{area} dashboard',
  },
  translations,
)

/** An area's label in the navigation (a key of {@link areaMessages}). */
export type AreaLabel = keyof typeof areaMessages.messages

/** A working area still to be built: its title is its key, its description the key with `Text`. */
export type WorkArea = {
  [K in AreaLabel]: `${K}Text` extends AreaLabel ? K : never
}[AreaLabel]
