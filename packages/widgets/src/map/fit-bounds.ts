import { circleOutline, type LatLon, type MissionPlan } from '@honu/core/mission'

/** A box in degrees: `[[west, south], [east, north]]`, as MapLibre's `fitBounds` takes it. */
export type LonLatBounds = [[number, number], [number, number]]

/**
 * The box around every vehicle that has a position, or `undefined` when none has. A single vehicle (or several
 * on one spot) gets a box `minSpanDeg` wide around it, so fitting does not zoom in without limit.
 * The box does not wrap across the antimeridian: vehicles of one site are never that far apart.
 */
export function boundsOf<T extends { position?: { lat: number; lon: number } }>(vehicles: readonly T[], minSpanDeg = 0.01): LonLatBounds | undefined {
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  for (const { position } of vehicles) {
    if (!position) continue
    west = Math.min(west, position.lon)
    east = Math.max(east, position.lon)
    south = Math.min(south, position.lat)
    north = Math.max(north, position.lat)
  }
  if (west === Infinity) return undefined
  const padLon = Math.max(0, minSpanDeg - (east - west)) / 2
  const padLat = Math.max(0, minSpanDeg - (north - south)) / 2
  return [
    [Math.max(-180, west - padLon), Math.max(-90, south - padLat)],
    [Math.min(180, east + padLon), Math.min(90, north + padLat)],
  ]
}

/** The box around a mission plan: home, its items (a survey's corners), fences (a circle's whole outline), rally points. */
export function planBounds(plan: MissionPlan): LonLatBounds | undefined {
  const points: LatLon[] = [...(plan.home ? [plan.home] : []), ...plan.rallyPoints]
  for (const item of plan.items) points.push(...(item.kind === 'waypoint' ? [item] : item.polygon))
  for (const fence of plan.geofence.polygons) points.push(...fence.polygon)
  for (const fence of plan.geofence.circles) points.push(...circleOutline(fence.center, fence.radius, 8))
  return boundsOf(points.map((position) => ({ position })))
}
