import type { Stream } from '@honu/core'
import type { WidgetType } from '@honu/core/grid'
import { topologyWords, type TopologyDevice, type TopologyNetwork } from '@honu/core/topology'
import { videosQuery } from '@honu/core/query'
import { Dialog, useConsoleClient, useLocale, useMessages, useQuery, useTenant, useWidgetRegistry } from '@honu/console-kit'
import { LoadStatus } from '../../ui/load-status'
import { EmbeddedWidget } from '../vehicle/embedded-widget'
import { topologyMessages } from './topology-messages'

/** Which widget shows a device, and with what data. */
export interface DeviceWidget {
  type: WidgetType
  data: Record<string, string>
}

/**
 * The widget of the console's registry that shows a device (issue 16): a vehicle its Vehicle widget, a camera the
 * Video widget playing the tenant's stream whose `device_id` names the camera (else the Video widget's own picker,
 * `{}`), a remote-access device its Vnc widget. A device of unknown kind has none.
 *
 * @param streams the tenant's streams; only needed for a camera (`undefined` while they load).
 */
export function widgetFor(device: Pick<TopologyDevice, 'id' | 'kind'>, streams: readonly Stream[] = []): DeviceWidget | undefined {
  switch (device.kind) {
    case 'vehicle':
      return { type: 'Vehicle', data: { deviceId: device.id } }
    case 'camera': {
      const stream = streams.find((s) => s.device_id === device.id)
      return { type: 'Video', data: stream ? { streamId: stream.video_id } : {} }
    }
    case 'remote_access':
      return { type: 'Vnc', data: { deviceId: device.id } }
    default:
      return undefined
  }
}

/** Props of {@link DevicePanel}. */
export interface DevicePanelProps {
  /** The device to show (the model's: its state follows the live channel while the panel is open). */
  device: TopologyDevice
  /** The tenant's networks, to name the device's. */
  networks: readonly TopologyNetwork[]
  /** Closes the panel (Escape, the close button, the backdrop); focus returns to what opened it. */
  onClose: () => void
}

/**
 * A device opened from the list or the graph: a dialog with its kind, live state, address, network and last sign of
 * life, and the widget that shows it (see {@link widgetFor}) from the console's widget registry, never imported
 * from `@honu/widgets`. The graph opens it through the screen (its `onOpen`), so both views open the same panel.
 */
export function DevicePanel({ device, networks, onClose }: DevicePanelProps) {
  const t = useMessages(topologyMessages)
  const w = useMessages(topologyWords)
  const client = useConsoleClient()
  const registry = useWidgetRegistry()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  const { locale, dates } = useLocale()
  const camera = device.kind === 'camera'
  const streams = useQuery(camera && !!tenantId && videosQuery(client, tenantId))
  const network = networks.find((n) => n.id === device.networkId)
  const kind = w(`kind_${device.kind}`)
  const state = w(`state_${device.state}`)
  const lastSeen =
    device.lastSeen === undefined
      ? t('never')
      : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', hour12: dates.hour12 }).format(device.lastSeen)

  let body
  if (camera && streams.status !== 'ready')
    body = <LoadStatus state={streams} what={t('theStreams')} loading={t('loadingStreams')} onRetry={streams.retry} />
  else {
    const widget = widgetFor(device, streams.status === 'ready' ? streams.data.items : [])
    const definition = widget && registry?.find((d) => d.type === widget.type)
    if (!widget) body = <p className="honu-muted">{t('noWidget')}</p>
    else if (!definition) body = <p className="honu-muted">{t('noWidgets')}</p>
    else body = <EmbeddedWidget definition={definition} id={`topology-${device.id}`} name={device.name} data={widget.data} />
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={device.name}
      description={t('panelDescription', { kind, state })}
      size="large"
      closeLabel={t('close')}
    >
      <dl className="honu-topology-panel__facts">
        <div>
          <dt>{t('kind')}</dt>
          <dd>{kind}</dd>
        </div>
        <div>
          <dt>{t('state')}</dt>
          <dd>
            <span className="honu-topology-state" data-state={device.state}>
              <span className="honu-topology-state__dot" aria-hidden="true" />
              {state}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('address')}</dt>
          <dd>{device.address || t('noAddress')}</dd>
        </div>
        <div>
          <dt>{t('network')}</dt>
          <dd>{network ? `${w(network.kind === 'remote' ? 'network_remote' : 'network_vpn')} ${network.cidr}` : t('noNetwork')}</dd>
        </div>
        <div>
          <dt>{t('lastSeen')}</dt>
          <dd>{lastSeen}</dd>
        </div>
      </dl>
      <div className="honu-topology-panel__widget">{body}</div>
    </Dialog>
  )
}
