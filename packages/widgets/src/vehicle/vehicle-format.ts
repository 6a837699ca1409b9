/**
 * The Vehicle widget's numbers in the console's language, through `Intl` (units per CLDR: "12.5 m/s",
 * "12,5 m/s"). Values stay SI (metres, metres per second) in every language, as flight software shows them;
 * only how they are written follows the locale. Made once per language and clock.
 */
export interface VehicleFormat {
  /** "47.39776°" (five decimals: about a metre). */
  coordinate(value: number): string
  /** "123.4 m". */
  metres(value: number): string
  /** "12.5 m/s". */
  speed(value: number): string
  /** "270°" (whole degrees, 0–359). */
  heading(value: number): string
  /** "87%" for 87. */
  percent(value: number): string
  /** "12.6 V". */
  volts(value: number): string
  /** "12 min 5 s": at most two units, from seconds. */
  duration(seconds: number): string
  /** The clock time of an instant: "07:05:03 PM" or "19:05:03". */
  clock(time: number): string
}

export interface VehicleFormatOptions {
  /** BCP 47 tag (the console's language). */
  locale: string
  /** 12-hour clock (spec §9: the US English default) or 24-hour. */
  hour12: boolean
  /** For tests: the clock's time zone (the browser's by default). */
  timeZone?: string
}

export function createVehicleFormat({ locale, hour12, timeZone }: VehicleFormatOptions): VehicleFormat {
  const unit = (unit: string, digits: number, minimum = 0, unitDisplay: 'short' | 'narrow' = 'short') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: digits, minimumFractionDigits: minimum })
  // Degrees narrow ("47°", not "47 deg").
  const coordinate = unit('degree', 5, 5, 'narrow')
  const metres = unit('meter', 1)
  const speed = unit('meter-per-second', 1)
  const degrees = unit('degree', 0, 0, 'narrow')
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })
  const volts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const hours = unit('hour', 0)
  const minutes = unit('minute', 0)
  const seconds = unit('second', 0)
  // Two-digit hours on a 24-hour clock (00:05:03, not 0:05:03), as the console's other dates.
  const clock = new Intl.DateTimeFormat(locale, {
    hour: hour12 ? 'numeric' : '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: hour12 ? 'h12' : 'h23',
    timeZone,
  })
  return {
    coordinate: (value) => coordinate.format(Math.abs(value)),
    metres: (value) => metres.format(value),
    speed: (value) => speed.format(value),
    heading: (value) => degrees.format(((Math.round(value) % 360) + 360) % 360),
    percent: (value) => percent.format(value / 100),
    volts: (value) => `${volts.format(value)} V`,
    duration: (total) => {
      const s = Math.max(0, Math.round(total))
      if (s < 60) return seconds.format(s)
      if (s < 3600) return s % 60 ? `${minutes.format(Math.floor(s / 60))} ${seconds.format(s % 60)}` : minutes.format(s / 60)
      const m = Math.floor((s % 3600) / 60)
      return m ? `${hours.format(Math.floor(s / 3600))} ${minutes.format(m)}` : hours.format(Math.floor(s / 3600))
    },
    clock: (time) => clock.format(time),
  }
}

/** The message key of a MAVLink `GPS_FIX_TYPE`. */
export function gpsFixKey(fixType: number) {
  switch (fixType) {
    case 2:
      return 'fix2d'
    case 3:
      return 'fix3d'
    case 4:
      return 'fixDgps'
    case 5:
      return 'fixRtkFloat'
    case 6:
      return 'fixRtkFixed'
    case 7:
      return 'fixStatic'
    case 8:
      return 'fixPpp'
    default:
      return 'fixNone'
  }
}

/**
 * Whether a vehicle's state is stale at `now`: its newest message is older than `staleAfterMs`. The age is
 * measured against the server's receive time; a clock ahead of the browser's reads as age 0, never negative.
 */
export function telemetryAge(time: number, now: number): number {
  return Math.max(0, now - time)
}
