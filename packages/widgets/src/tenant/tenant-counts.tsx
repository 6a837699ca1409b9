import { topologyWords, DEVICE_KINDS, DEVICE_STATES, type TopologyCounts } from '@honu/core/topology'
import { useLocale, useMessages } from '@honu/console-kit'
import { tenantMessages } from './tenant-messages'

/** Props of {@link TenantCounts}. */
export interface TenantCountsProps {
  /** The tenant's name, for the table's caption. */
  name: string
  /** Devices per kind and state (the topology model's `counts`: every device, whatever a screen's filter). */
  counts: TopologyCounts
}

/**
 * The tenant's devices counted by kind (camera, vehicle, remote access, unknown; spec §1) and live state (online,
 * stale, offline), with totals per kind and per state: a real table, so a screen reader reads each figure with its
 * row and column. States are words in the header, never colour alone.
 */
export function TenantCounts({ name, counts }: TenantCountsProps) {
  const t = useMessages(tenantMessages)
  const w = useMessages(topologyWords)
  const { locale } = useLocale()
  const number = new Intl.NumberFormat(locale)
  const totalOf = (kind: (typeof DEVICE_KINDS)[number]) => DEVICE_STATES.reduce((sum, state) => sum + counts[kind][state], 0)
  const stateTotal = (state: (typeof DEVICE_STATES)[number]) => DEVICE_KINDS.reduce((sum, kind) => sum + counts[kind][state], 0)
  const all = DEVICE_KINDS.reduce((sum, kind) => sum + totalOf(kind), 0)
  if (all === 0) return <p className="honu-tenant__muted">{t('noDevices')}</p>
  // In a frame that scrolls sideways when the tile is narrower than the table (focusable, so the keyboard can
  // scroll it too); the tile itself never scrolls sideways.
  return (
    <div className="honu-tenant__counts-frame" tabIndex={0} role="group" aria-label={t('devicesCaption', { name })}>
      <table className="honu-tenant__counts">
        <caption className="honu-tenant__sr">{t('devicesCaption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('kind')}</th>
            {DEVICE_STATES.map((state) => (
              <th key={state} scope="col" data-state={state}>
                {w(`state_${state}`)}
              </th>
            ))}
            <th scope="col">{t('total')}</th>
          </tr>
        </thead>
        <tbody>
          {DEVICE_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{w(`kind_${kind}`)}</th>
              {DEVICE_STATES.map((state) => (
                <td key={state} data-state={state} data-zero={counts[kind][state] === 0 || undefined}>
                  {number.format(counts[kind][state])}
                </td>
              ))}
              <td>{number.format(totalOf(kind))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('allKinds')}</th>
            {DEVICE_STATES.map((state) => (
              <td key={state} data-state={state}>
                {number.format(stateTotal(state))}
              </td>
            ))}
            <td>{number.format(all)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
