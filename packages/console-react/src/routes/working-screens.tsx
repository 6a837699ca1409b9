import type { ComponentType } from 'react'
import type { WorkspaceId } from '@honu/core/grid'
import type { WorkArea } from '../messages/areas'
import type { WorkingScreen } from '../navigation/console-routes'

/**
 * The screens of the working layouts (network product and mission planning), each imported on its first visit.
 * This module is itself loaded on the first visit to any of them, so the sign-in route's chunk carries one lazy
 * import for all of them instead of one per screen with the list of chunks each needs (see screens.tsx and
 * scripts/measure-login-js.mjs).
 */
/** A working area still to be built: the shared placeholder screen, with its title and description. */
async function workArea(area: WorkArea, workspace?: WorkspaceId): Promise<ComponentType> {
  const WorkAreaScreen = await import('../screens/work-area-screen').then((m) => m.WorkAreaScreen)
  return function WorkAreaPlaceholder() {
    return <WorkAreaScreen area={area} workspace={workspace} />
  }
}

/** Imports one working screen. */
export function loadWorkingScreen(screen: WorkingScreen): Promise<ComponentType> {
  switch (screen) {
    case 'streams':
      return import('../screens/streams/streams-screen').then((m) => m.StreamsScreen)
    case 'vehicle':
      return import('../screens/vehicle/vehicle-screen').then((m) => m.VehicleScreen)
    case 'topology-list':
      return import('../screens/topology/topology-screen').then((m) => m.TopologyListScreen)
    case 'topology-graph':
      return import('../screens/topology/topology-screen').then((m) => m.TopologyGraphScreen)
    case 'admin':
      return import('../screens/admin/admin-screen').then((m) => m.AdminScreen)
    case 'collaboration':
      return workArea('collaboration')
    case 'mission-operations':
      return import('../screens/missions/missions-screen').then((m) => m.MissionsScreen)
    case 'mission-review':
      return workArea('missionReview', 'mission-review')
    case 'user-management':
      return workArea('userManagement')
  }
}
