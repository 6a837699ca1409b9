import { notKept, type NotKept } from './mission-messages'
import type { AltitudeFrame, LatLon, MissionItem, MissionPlan } from './mission-plan'

/** A position read from KML or GeoJSON, with the altitude the file gave it (not used by the plan: see `applyShapes`). */
export interface ShapePoint extends LatLon {
  alt?: number
}

/**
 * A shape found in a KML or GeoJSON file, in the file's order. Polygons are open (a closed ring's repeated last
 * point is dropped) and keep their holes; `name` is the placemark's or feature's name when it has one.
 */
export type Shape =
  | { kind: 'polygon'; name?: string; outer: ShapePoint[]; holes: ShapePoint[][] }
  | { kind: 'line'; name?: string; points: ShapePoint[] }
  | { kind: 'point'; name?: string; point: ShapePoint }

/**
 * What the caller makes of the shapes of a file:
 * - `inclusion-fence` / `exclusion-fence`: each polygon becomes a fence polygon;
 * - `survey`: each polygon becomes a survey with these settings;
 * - `path`: lines, points and polygon outlines (closed) become waypoints, in order, at this altitude;
 * - `rally`: each point becomes a rally point at this altitude above home.
 */
export type ShapeUse =
  | { as: 'inclusion-fence' | 'exclusion-fence' }
  | { as: 'survey'; spacing: number; heading: number; alt: number; frame: AltitudeFrame; speed?: number }
  | { as: 'path'; alt: number; frame: AltitudeFrame; speed?: number; holdSeconds?: number }
  | { as: 'rally'; alt: number }

/**
 * Adds a file's shapes to a plan as the caller says (see {@link ShapeUse}), leaving `plan` itself unchanged.
 * What a shape cannot be used as (a line as a fence, a polygon's holes, a polygon as a rally point) is listed in
 * `notKept` by the shape's index. Altitudes the file gave its points are not used: KML's are usually clamped to the
 * ground and GeoJSON's have no reference, so the caller's `alt` is.
 */
export function applyShapes(plan: MissionPlan, shapes: readonly Shape[], use: ShapeUse): { plan: MissionPlan; notKept: NotKept[] } {
  const dropped: NotKept[] = []
  const items: MissionItem[] = []
  const polygons = [...plan.geofence.polygons]
  const rallyPoints = [...plan.rallyPoints]
  const flat = (points: readonly ShapePoint[]): LatLon[] => points.map(({ lat, lon }) => ({ lat, lon }))
  const unusable = (index: number, kind: string): void => {
    dropped.push(notKept('item/geometry', index, { kind }))
  }

  shapes.forEach((shape, index) => {
    switch (use.as) {
      case 'inclusion-fence':
      case 'exclusion-fence':
      case 'survey': {
        if (shape.kind !== 'polygon') return unusable(index, shape.kind)
        if (shape.holes.length > 0) dropped.push(notKept('item/holes', index, { kind: 'polygon' }, { count: shape.holes.length }))
        if (use.as === 'survey') {
          const { spacing, heading, alt, frame, speed } = use
          items.push({ kind: 'survey', polygon: flat(shape.outer), spacing, heading, alt, frame, ...(speed === undefined ? {} : { speed }) })
        } else polygons.push({ inclusion: use.as === 'inclusion-fence', polygon: flat(shape.outer) })
        return
      }
      case 'path': {
        const points = shape.kind === 'line' ? shape.points : shape.kind === 'point' ? [shape.point] : [...shape.outer, shape.outer[0]!]
        if (shape.kind === 'polygon' && shape.holes.length > 0) {
          dropped.push(notKept('item/holes', index, { kind: 'polygon' }, { count: shape.holes.length }))
        }
        flat(points).forEach((point, i) => {
          const speed = i === 0 && items.length === 0 ? use.speed : undefined
          items.push({
            kind: 'waypoint',
            ...point,
            alt: use.alt,
            frame: use.frame,
            holdSeconds: use.holdSeconds ?? 0,
            ...(speed === undefined ? {} : { speed }),
          })
        })
        return
      }
      case 'rally': {
        if (shape.kind !== 'point') return unusable(index, shape.kind)
        rallyPoints.push({ lat: shape.point.lat, lon: shape.point.lon, alt: use.alt })
        return
      }
    }
  })
  return {
    plan: { ...plan, items: [...plan.items, ...items], geofence: { ...plan.geofence, polygons }, rallyPoints },
    notKept: dropped,
  }
}
