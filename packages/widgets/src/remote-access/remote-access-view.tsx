import { useMemo } from 'react'
import { useLocale, useMessages } from '@honu/console-kit'
import type { DeviceControl, DeviceState } from '@honu/core/live'
import { remoteAccessMessages } from './remote-access-messages'

/** One remote-access device as the widget lists it. */
export interface RemoteAccessItem {
  id: string
  name: string
  /** Where the device is reached, if the tenant's list says. */
  address?: string | null
  /** Its presence from the live channel; `undefined` before the channel's snapshot. */
  state?: DeviceState
  /** Who is connected to its desktop and who holds control; `undefined` when nobody is. */
  control?: DeviceControl
}

/** Props of {@link RemoteAccessView}. */
export interface RemoteAccessViewProps {
  tenantName: string
  items: readonly RemoteAccessItem[]
  /** Whether the live states are interrupted (the live channel reconnecting). */
  liveLost?: boolean
  /** Opens the device's desktop (its Vnc widget). */
  onOpen(item: RemoteAccessItem): void
  /** For tests and stories: the time zone of the clock times shown (the browser's by default). */
  timeZone?: string
}

/**
 * The tenant's remote-access devices, each with its state in words (and a dot beside, never colour alone), who is
 * connected to its desktop and who holds control since when, and a button opening its desktop. A pure view; the
 * Remote Access widget feeds it from the device list and the live channel's `devices` and `control` topics.
 */
export function RemoteAccessView({ tenantName, items, liveLost, onOpen, timeZone }: RemoteAccessViewProps) {
  const t = useMessages(remoteAccessMessages)
  const { dates } = useLocale()
  const clock = useMemo(
    () => new Intl.DateTimeFormat(dates.locale, { hour: 'numeric', minute: '2-digit', hour12: dates.hour12, timeZone }),
    [dates.locale, dates.hour12, timeZone],
  )
  const list = t('list', { tenant: tenantName })
  return (
    <div className="honu-remote-access">
      {liveLost && (
        <p className="honu-remote-access__live" role="status">
          {t('liveLost')}
        </p>
      )}
      {items.length === 0 ? (
        <p className="honu-muted">{t('none')}</p>
      ) : (
        <ul className="honu-remote-access__list" aria-label={list}>
          {items.map((item) => {
            const holder = item.control?.holder
            const viewers = item.control?.viewers ?? []
            return (
              <li key={item.id} className="honu-remote-access__device" data-state={item.state ?? 'unknown'}>
                <div className="honu-remote-access__head">
                  <h4 className="honu-remote-access__name">{item.name}</h4>
                  <span className="honu-remote-access__state">
                    <span className="honu-remote-access__dot" aria-hidden="true" />
                    {item.state ? t(item.state) : t('stateUnknown')}
                  </span>
                </div>
                {item.address && <p className="honu-remote-access__address">{item.address}</p>}
                <p>{viewers.length > 0 ? t('connected', { names: viewers.map((v) => v.name).join(', ') }) : t('nobodyConnected')}</p>
                <p>
                  {holder && item.control?.since !== undefined
                    ? t('inControl', { name: holder.name, time: clock.format(item.control.since) })
                    : t('nobodyInControl')}
                </p>
                <button type="button" className="honu-button" aria-label={t('openLabel', { name: item.name })} onClick={() => onOpen(item)}>
                  {t('open')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
