/** Who may open a route (spec §2 Access column). */
export type RouteAccess = 'public' | 'login' | 'mission-planning' | 'none'

/** Router state carried by the guards' redirects (where the user was going; why mission planning was refused). */
export interface GuardState {
  from?: string
  missionPlanningRefused?: boolean
}
