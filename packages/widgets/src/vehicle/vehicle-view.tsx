import { useMemo, useState, type MouseEvent } from 'react'
import { useLocale, useMessages } from '@honu/console-kit'
import { createVehicleFormat, gpsFixKey, telemetryAge } from './vehicle-format'
import { vehicleMessages } from './vehicle-messages'
import type { VehicleTelemetry } from '@honu/core/live'

/** Where the console's live channel stands, as the view shows it. */
export type VehicleViewConnection = 'open' | 'connecting' | 'reconnecting'

export interface VehicleViewProps {
  /** The vehicle's name (its device's name). */
  name: string
  /** Its newest state, or `undefined` before the first message. */
  telemetry: VehicleTelemetry | undefined
  /** Milliseconds since the epoch, the moment shown (the caller ticks it, once a second). */
  now: number
  /** Milliseconds without a message after which the values are stale and the view says "Link lost". */
  staleAfterMs: number
  /** The live channel's state; `open` when omitted. */
  connection?: VehicleViewConnection
  /** The vehicle page's address, for a link to it; no link without one. */
  pageHref?: string
  /** Called on a plain click of that link (a router's navigation); the link's default is then prevented. */
  onOpenPage?: () => void
  /** For tests and stories: the time zone of the clock times shown (the browser's by default). */
  timeZone?: string
}

/**
 * One vehicle's live state as a description list (position, heading, ground speed, altitude, battery, flight mode,
 * armed, GPS, link quality, age of the last message), in the console's language. A pure view: it shows what it is
 * given at `now`. After `staleAfterMs` without a message the values are marked stale (greyed, and "stale" after
 * each for screen readers) and the view says "Link lost" with the last message's time. Only losing and regaining
 * the link is announced (one polite live region); the values changing every second are not.
 */
export function VehicleView({ name, telemetry, now, staleAfterMs, connection = 'open', pageHref, onOpenPage, timeZone }: VehicleViewProps) {
  const t = useMessages(vehicleMessages)
  const { dates } = useLocale()
  const format = useMemo(() => createVehicleFormat({ locale: dates.locale, hour12: dates.hour12, timeZone }), [dates, timeZone])
  const age = telemetry ? telemetryAge(telemetry.time, now) : undefined
  const stale = age !== undefined && age > staleAfterMs
  // Announced only when the link is lost or regained while shown: a widget opened on a vehicle already lost (or
  // whose first state arrives stale) says so on screen, not aloud.
  const shown = telemetry ? stale : undefined
  const [shownBefore, setShownBefore] = useState(shown)
  const [announcement, setAnnouncement] = useState('')
  if (shownBefore !== shown) {
    setShownBefore(shown)
    if (shownBefore !== undefined && shown !== undefined)
      setAnnouncement(shown && telemetry ? t('linkLostAt', { time: format.clock(telemetry.time) }) : t('linkRegained', { name }))
  }

  const unknown = t('unknown')
  const value = <T,>(v: T | undefined, show: (v: T) => string) => (v === undefined ? unknown : show(v))
  const rows: [string, string][] = telemetry
    ? [
        [
          t('position'),
          value(telemetry.position, (p) =>
            [
              t(p.lat < 0 ? 'south' : 'north', { value: format.coordinate(p.lat) }),
              t(p.lon < 0 ? 'west' : 'east', { value: format.coordinate(p.lon) }),
            ].join(', '),
          ),
        ],
        [t('heading'), value(telemetry.headingDeg ?? telemetry.attitude?.yawDeg, format.heading)],
        [t('groundSpeed'), value(telemetry.groundSpeedMs, format.speed)],
        [
          t('altitude'),
          value(telemetry.position, (p) =>
            p.relativeAltitudeM === undefined
              ? format.metres(p.altitudeM)
              : t('altitudeValue', { msl: format.metres(p.altitudeM), relative: format.metres(p.relativeAltitudeM) }),
          ),
        ],
        [t('battery'), value(telemetry.battery, (b) => battery(b))],
        [t('flightMode'), telemetry.mode || unknown],
        [t('armed'), value(telemetry.armed, (armed) => t(armed ? 'armedYes' : 'armedNo'))],
        [
          t('gps'),
          value(telemetry.gps, (g) =>
            g.satellites === undefined ? t(gpsFixKey(g.fixType)) : t('gpsValue', { fix: t(gpsFixKey(g.fixType)), satellites: g.satellites }),
          ),
        ],
        [t('linkQuality'), value(telemetry.link?.quality, format.percent)],
        [t('lastMessage'), t('lastMessageValue', { age: format.duration((age ?? 0) / 1000), time: format.clock(telemetry.time) })],
      ]
    : []

  function battery(b: NonNullable<VehicleTelemetry['battery']>) {
    const parts: string[] = []
    if (b.remainingPct !== undefined)
      parts.push(
        b.remainingS === undefined
          ? format.percent(b.remainingPct)
          : t('batteryRemaining', { percent: format.percent(b.remainingPct), time: format.duration(b.remainingS) }),
      )
    if (b.voltageV !== undefined) parts.push(format.volts(b.voltageV))
    return parts.length ? parts.join(' · ') : unknown
  }

  const state = !telemetry ? 'waiting' : stale ? 'stale' : 'live'
  return (
    // Focusable: in a small tile the values scroll, and the keyboard must reach them (axe scrollable-region-focusable).
    // A labelled group, not a landmark: two Vehicle widgets may show the same vehicle (axe landmark-unique).
    <div role="group" className="honu-vehicle" data-state={state} aria-label={t('telemetry', { name })} tabIndex={0}>
      <div className="honu-vehicle__status">
        {telemetry ? (
          <span className="honu-vehicle__badge">{stale ? t('linkLostAt', { time: format.clock(telemetry.time) }) : t('live')}</span>
        ) : (
          <span className="honu-muted">{t('waiting', { name })}</span>
        )}
        {connection !== 'open' && <span className="honu-vehicle__connection">{t(connection)}</span>}
        {pageHref && (
          <a
            className="honu-vehicle__page"
            href={pageHref}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              if (!onOpenPage || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
              event.preventDefault()
              onOpenPage()
            }}
          >
            {t('openPage', { name })}
          </a>
        )}
      </div>
      {telemetry && (
        <dl className="honu-vehicle__values">
          {rows.map(([label, text]) => (
            <div key={label} className="honu-vehicle__row">
              <dt>{label}</dt>
              <dd>
                {text}
                {stale && label !== t('lastMessage') && <span className="honu-vehicle__sr"> ({t('stale')})</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="honu-vehicle__sr" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
