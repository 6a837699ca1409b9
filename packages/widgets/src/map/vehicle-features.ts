import type { Feature, FeatureCollection, LineString, Point } from 'geojson'
import type { MapVehicle } from './map-vehicle'
import { vehicleStatus, type VehicleStatus, type VehicleStatusOptions } from './vehicle-status'

/** The properties of a vehicle's point on the map (read by the map's layers: see map-controller.ts). */
export interface VehiclePointProperties {
  id: string
  /** Degrees clockwise from north; -1 when the vehicle reports none (drawn as a dot, not an arrow). */
  heading: number
  status: VehicleStatus
  /** 1 for the selected vehicle (drawn with a ring), else 0. */
  selected: 0 | 1
}

/** What {@link vehicleFeatures} needs besides the vehicles. */
export interface VehicleFeaturesOptions extends VehicleStatusOptions {
  /** The clock's time (ms since the epoch), for stale. */
  now: number
  /** The selected vehicle's device id. */
  selectedId?: string
}

/**
 * The vehicles as GeoJSON points for the map's source: one feature per vehicle with a position, its id as the
 * feature id's property, heading, status and selection. Vehicles without a position are left out (the list
 * still shows them).
 */
export function vehicleFeatures(vehicles: readonly MapVehicle[], options: VehicleFeaturesOptions): FeatureCollection<Point, VehiclePointProperties> {
  const features: Feature<Point, VehiclePointProperties>[] = []
  for (const vehicle of vehicles) {
    if (!vehicle.position) continue
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [vehicle.position.lon, vehicle.position.lat] },
      properties: {
        id: vehicle.deviceId,
        heading: vehicle.headingDeg === undefined ? -1 : ((vehicle.headingDeg % 360) + 360) % 360,
        status: vehicleStatus(vehicle, options.now, options),
        selected: vehicle.deviceId === options.selectedId ? 1 : 0,
      },
    })
  }
  return { type: 'FeatureCollection', features }
}

/** The properties of a vehicle's trail. */
export interface TrailProperties {
  id: string
  status: VehicleStatus
}

/** Keeps the last positions of each vehicle: see {@link createTrails}. */
export interface Trails {
  /**
   * Takes the vehicles as they are now: a vehicle whose position changed gets a point appended (the oldest is
   * dropped past the limit); a vehicle no longer in the list loses its trail. Answers the trails as GeoJSON lines
   * (vehicles with fewer than two points have none).
   */
  update(vehicles: readonly MapVehicle[], options: VehicleFeaturesOptions): FeatureCollection<LineString, TrailProperties>
}

/**
 * A short trail per vehicle: its last `length` distinct positions (default 30, about 30 s of a 1 Hz feed).
 *
 * @example const trails = createTrails(20); source.setData(trails.update(vehicles, { now: Date.now() }))
 */
export function createTrails(length = 30): Trails {
  const points = new Map<string, [number, number][]>()
  return {
    update(vehicles, options) {
      const seen = new Set<string>()
      const features: Feature<LineString, TrailProperties>[] = []
      for (const vehicle of vehicles) {
        seen.add(vehicle.deviceId)
        const line = points.get(vehicle.deviceId) ?? []
        if (vehicle.position) {
          const last = line.at(-1)
          const next: [number, number] = [vehicle.position.lon, vehicle.position.lat]
          if (!last || last[0] !== next[0] || last[1] !== next[1]) {
            line.push(next)
            if (line.length > length) line.splice(0, line.length - length)
          }
          points.set(vehicle.deviceId, line)
        }
        if (line.length >= 2) {
          features.push({
            type: 'Feature',
            geometry: { type: 'LineString', coordinates: line.slice() },
            properties: { id: vehicle.deviceId, status: vehicleStatus(vehicle, options.now, options) },
          })
        }
      }
      for (const id of points.keys()) if (!seen.has(id)) points.delete(id)
      return { type: 'FeatureCollection', features }
    },
  }
}
