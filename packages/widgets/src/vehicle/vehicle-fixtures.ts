import type { VehicleTelemetry } from '@honu/core/live'

/** 26 Nov 2026, 00:05:03 UTC: the moment the fixtures' newest message arrived. */
export const FIXTURE_TIME = Date.UTC(2026, 10, 26, 0, 5, 3)

/** A USV on its route off Honolulu, every value reported (as the simulator's "USV Kahu"). */
export const kahu: VehicleTelemetry = {
  deviceId: 'alpha-usv-1',
  tenantId: 'alpha',
  systemId: 1,
  time: FIXTURE_TIME,
  position: { lat: 21.30123, lon: -157.87456, altitudeM: 3.2, relativeAltitudeM: 0.4 },
  headingDeg: 271.6,
  groundSpeedMs: 4.25,
  battery: { voltageV: 15.24, remainingPct: 76, remainingS: 2520 },
  mode: 'AUTO',
  armed: true,
  gps: { fixType: 3, satellites: 14, hdop: 0.8 },
  link: { quality: 98 },
}

/** A vehicle that has reported only its heartbeat. */
export const heartbeatOnly: VehicleTelemetry = { deviceId: 'alpha-usv-4', tenantId: 'alpha', time: FIXTURE_TIME, mode: 'HOLD', armed: false }
