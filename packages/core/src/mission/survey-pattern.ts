import { centreOf, localProjection, type LocalPoint } from './geo'
import type { LatLon, Survey } from './mission-plan'

/**
 * The most lines a pattern is drawn with. A spacing typed half-way (0.01 m over a 2 km field) would otherwise ask
 * for 200,000 lines while the planner redraws on every key.
 */
export const MAX_SURVEY_LINES = 5000

/** A survey's lawnmower pattern. */
export interface SurveyPattern {
  /** The transects in flying order, each from where it is entered to where it is left. */
  transects: [LatLon, LatLon][]
  /** What the vehicle flies to: each transect's two ends, in order. */
  waypoints: LatLon[]
  /** True when the spacing asked for more than {@link MAX_SURVEY_LINES} lines: the pattern is then empty. */
  tooDense: boolean
}

/**
 * The lawnmower pattern over a survey's polygon: lines along `heading`, `spacing` metres apart, centred across the
 * polygon (the outer lines lie at most half a spacing inside its extremes, so every point of the area is within
 * half a spacing of a line), each clipped to the polygon, flown back and forth.
 *
 * Clipping follows the even-odd rule, so a concave polygon may cut one line into several transects; each stays
 * inside the polygon, but the hop from one transect to the next is a straight line that may cross outside it
 * (QGroundControl splits concave polygons instead). Works in a local flat projection around the polygon's centre,
 * exact enough over the few kilometres a survey spans. Cost: lines × corners.
 *
 * @example generateSurveyPattern({ polygon, spacing: 20, heading: 90 }).waypoints
 */
export function generateSurveyPattern(survey: Pick<Survey, 'polygon' | 'spacing' | 'heading'>): SurveyPattern {
  const { polygon, spacing, heading } = survey
  const empty = (tooDense: boolean): SurveyPattern => ({ transects: [], waypoints: [], tooDense })
  if (polygon.length < 3 || !(spacing > 0) || !Number.isFinite(heading)) return empty(false)

  const projection = localProjection(centreOf(polygon))
  const ring = polygon.map(projection.toLocal)
  const h = (heading * Math.PI) / 180
  // `along` runs with the lines (the heading: clockwise from north, x east, y north); `across` is at right angles.
  const along = { x: Math.sin(h), y: Math.cos(h) }
  const across = { x: Math.cos(h), y: -Math.sin(h) }
  const u = ring.map((p) => p.x * along.x + p.y * along.y)
  const v = ring.map((p) => p.x * across.x + p.y * across.y)
  const min = Math.min(...v)
  const width = Math.max(...v) - min
  // As few lines as keep every point within half a spacing of one, centred: the outer lines lie more than 0 and
  // at most half a spacing inside the polygon's extremes, never on an edge.
  const lines = Math.max(1, Math.ceil(width / spacing))
  if (lines > MAX_SURVEY_LINES) return empty(true)
  const first = min + (width - (lines - 1) * spacing) / 2

  const at = (offset: number, position: number): LatLon =>
    projection.toLatLon({ x: offset * across.x + position * along.x, y: offset * across.y + position * along.y } satisfies LocalPoint)

  const transects: [LatLon, LatLon][] = []
  let flown = 0
  for (let k = 0; k < lines; k++) {
    const offset = first + k * spacing
    // Where the line crosses the ring's edges. Half-open (one end at or before the line, the other past it), so a
    // corner on the line is counted once per edge pair and the crossings pair up inside/outside.
    const crossings: number[] = []
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const va = v[i]!
      const vb = v[j]!
      if (va <= offset === vb <= offset) continue
      const t = (offset - va) / (vb - va)
      crossings.push(u[i]! + t * (u[j]! - u[i]!))
    }
    crossings.sort((a, b) => a - b)
    const segments: [number, number][] = []
    for (let c = 0; c + 1 < crossings.length; c += 2) {
      // A corner touching the line gives a transect of no length: nothing to fly.
      if (crossings[c + 1]! - crossings[c]! > 1e-6) segments.push([crossings[c]!, crossings[c + 1]!])
    }
    if (segments.length === 0) continue
    // Back and forth: every other line with transects is flown the other way, its transects in reverse order.
    const reverse = flown % 2 === 1
    if (reverse) segments.reverse()
    for (const [from, to] of segments) {
      transects.push(reverse ? [at(offset, to), at(offset, from)] : [at(offset, from), at(offset, to)])
    }
    flown++
  }
  return { transects, waypoints: transects.flat(), tooDense: false }
}
