// The vehicles as the overlay's vertex data (vehicle-layer.ts draws it), written straight into typed arrays: no
// GeoJSON, no object per vehicle or trail point, no sort. Framework-free and without MapLibre, so it is tested in
// node (vehicle-buffers.test.ts) and the map's controller (vehicle-map-controller.ts) writes it once per frame.
import type { MapVehicle } from './map-vehicle'
import { vehicleStatus, type VehicleStatus, type VehicleStatusOptions } from './vehicle-status'

/** The statuses by their index in the vertex data (the layer's colour table is in this order). */
export const STATUS_INDEX: Readonly<Record<VehicleStatus, number>> = { ok: 0, warning: 1, stale: 2 }

/** Floats per point vertex: mercator x, y; corner x, y (±1); heading (radians); status index; arrow (1) or dot (0); selected (1). */
export const POINT_FLOATS = 8
/** Vertices per vehicle: the two triangles of its box. */
export const POINT_VERTICES = 6
/** Floats per trail vertex: mercator x, y; status index. Two vertices per segment (drawn as GL lines). */
export const TRAIL_FLOATS = 3

// The box's corners, two triangles.
const CORNERS = [-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1] as const

/**
 * Web Mercator in MapLibre's world units (0–1 from the top left), as `MercatorCoordinate.fromLngLat` computes it,
 * without an object per point.
 */
export const mercatorX = (lon: number) => (180 + lon) / 360
export const mercatorY = (lat: number) => (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360

/** What {@link VehicleBuffers.write} needs besides the vehicles. */
export interface VehicleBufferOptions extends VehicleStatusOptions {
  /** The clock's time (ms since the epoch), for stale. */
  now: number
  /** The selected vehicle's device id: drawn with a ring, written last (over its neighbours). */
  selectedId?: string
}

/**
 * The vertex data of one write. The arrays are the writer's own and are reused (and may be replaced when they grow)
 * by the next write: read them through this object, up to the counts.
 */
export interface VehicleData {
  /** {@link POINT_VERTICES} vertices of {@link POINT_FLOATS} floats per drawn vehicle. */
  points: Float32Array
  /** How many vehicles are drawn (those with a position). */
  pointCount: number
  /** Trail segments: two vertices of {@link TRAIL_FLOATS} floats each. */
  trails: Float32Array
  /** How many trail vertices are written (twice the segments). */
  trailVertices: number
  /** The drawn vehicles' device ids, in the order written (the selected one last), for picking. */
  ids: string[]
  /** Their positions, `[lon, lat]` pairs in the same order. */
  lonLat: Float64Array
}

/** Keeps each vehicle's trail and writes the vehicles' vertex data: see {@link createVehicleBuffers}. */
export interface VehicleBuffers {
  /**
   * Takes the vehicles as they are now and writes their vertex data: a vehicle whose position changed gets a trail
   * point (the oldest dropped past the trail's length), a vehicle no longer in the list loses its trail. Vehicles
   * without a position are not drawn (their trail stays until they leave the list).
   */
  write(vehicles: readonly MapVehicle[], options: VehicleBufferOptions): VehicleData
}

/** One vehicle's last positions in mercator units: a ring of `length` points, `start` the oldest. */
interface Trail {
  xy: Float64Array
  start: number
  count: number
  lon: number
  lat: number
  /** The write that last saw the vehicle in the list. */
  seen: number
}

const grow = (array: Float32Array, needed: number) => {
  if (array.length >= needed) return array
  const next = new Float32Array(Math.ceil(needed * 1.5))
  next.set(array)
  return next
}

/**
 * The vehicles' vertex data with a trail per vehicle: its last `trailLength` distinct positions (default 30, about
 * 30 s of a 1 Hz feed), kept in a ring per vehicle, in mercator units (each position converted once).
 *
 * @example const buffers = createVehicleBuffers(); layer.setData(buffers.write(vehicles, { now: Date.now() }))
 */
export function createVehicleBuffers(trailLength = 30): VehicleBuffers {
  const trails = new Map<string, Trail>()
  const data: VehicleData = {
    points: new Float32Array(0),
    pointCount: 0,
    trails: new Float32Array(0),
    trailVertices: 0,
    ids: [],
    lonLat: new Float64Array(0),
  }
  let generation = 0
  // Trails seen by the current write.
  let kept = 0

  const writePoint = (vehicle: MapVehicle, status: VehicleStatus, selected: boolean, index: number) => {
    const { lon, lat } = vehicle.position!
    const x = mercatorX(lon)
    const y = mercatorY(lat)
    const heading = vehicle.headingDeg
    const arrow = heading === undefined ? 0 : 1
    const angle = heading === undefined ? 0 : ((((heading % 360) + 360) % 360) * Math.PI) / 180
    const statusIndex = STATUS_INDEX[status]
    const points = data.points
    let o = index * POINT_VERTICES * POINT_FLOATS
    for (let corner = 0; corner < POINT_VERTICES; corner++) {
      points[o++] = x
      points[o++] = y
      points[o++] = CORNERS[corner * 2]!
      points[o++] = CORNERS[corner * 2 + 1]!
      points[o++] = angle
      points[o++] = statusIndex
      points[o++] = arrow
      points[o++] = selected ? 1 : 0
    }
    data.ids[index] = vehicle.deviceId
    data.lonLat[index * 2] = lon
    data.lonLat[index * 2 + 1] = lat
  }

  /** Appends the vehicle's position to its trail when it moved, and writes the trail's segments. */
  const writeTrail = (vehicle: MapVehicle, status: VehicleStatus) => {
    let trail = trails.get(vehicle.deviceId)
    const position = vehicle.position
    if (position && (!trail || trail.count === 0 || trail.lon !== position.lon || trail.lat !== position.lat)) {
      if (!trail) {
        trail = { xy: new Float64Array(trailLength * 2), start: 0, count: 0, lon: NaN, lat: NaN, seen: 0 }
        trails.set(vehicle.deviceId, trail)
      }
      const slot = (trail.start + trail.count) % trailLength
      trail.xy[slot * 2] = mercatorX(position.lon)
      trail.xy[slot * 2 + 1] = mercatorY(position.lat)
      if (trail.count < trailLength) trail.count++
      else trail.start = (trail.start + 1) % trailLength
      trail.lon = position.lon
      trail.lat = position.lat
    }
    if (!trail) return
    if (trail.seen !== generation) kept++
    trail.seen = generation
    if (trail.count < 2) return
    const segments = trail.count - 1
    data.trails = grow(data.trails, (data.trailVertices + segments * 2) * TRAIL_FLOATS)
    const out = data.trails
    const statusIndex = STATUS_INDEX[status]
    let o = data.trailVertices * TRAIL_FLOATS
    const { xy, start } = trail
    let previous = start
    for (let i = 1; i <= segments; i++) {
      const current = (start + i) % trailLength
      out[o++] = xy[previous * 2]!
      out[o++] = xy[previous * 2 + 1]!
      out[o++] = statusIndex
      out[o++] = xy[current * 2]!
      out[o++] = xy[current * 2 + 1]!
      out[o++] = statusIndex
      previous = current
    }
    data.trailVertices += segments * 2
  }

  return {
    write(vehicles, options) {
      generation++
      kept = 0
      // Room for every vehicle; the counts say how much is written.
      data.points = grow(data.points, vehicles.length * POINT_VERTICES * POINT_FLOATS)
      if (data.lonLat.length < vehicles.length * 2) data.lonLat = new Float64Array(Math.ceil(vehicles.length * 3))
      data.trailVertices = 0
      let count = 0
      let selected: MapVehicle | undefined
      let selectedStatus: VehicleStatus = 'ok'
      for (const vehicle of vehicles) {
        const status = vehicleStatus(vehicle, options.now, options)
        writeTrail(vehicle, status)
        if (!vehicle.position) continue
        // The selected vehicle waits, to be written last: drawn over its neighbours, and picked first where they overlap.
        if (vehicle.deviceId === options.selectedId && !selected) {
          selected = vehicle
          selectedStatus = status
          continue
        }
        writePoint(vehicle, status, false, count++)
      }
      if (selected) writePoint(selected, selectedStatus, true, count++)
      data.pointCount = count
      data.ids.length = count
      // Vehicles no longer in the list lose their trails (the map is swept only when some left).
      if (trails.size > kept) for (const [id, trail] of trails) if (trail.seen !== generation) trails.delete(id)
      return data
    },
  }
}
