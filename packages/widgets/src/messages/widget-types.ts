import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The widget types' titles (spec §2), shown in the add-widget menu and given to new widgets. */
export const widgetTypeMessages = defineMessages(
  'widgets.types',
  {
    vehicle: 'Vehicle',
    vnc: 'Remote desktop',
    map: 'Map',
    video: 'Video',
    tenant: 'Tenant',
    remoteAccess: 'Remote access',
    missionExecStatus: 'Mission execution',
    missionReview: 'Mission review',
    collectedData: 'Collected data',
  },
  translations,
)
