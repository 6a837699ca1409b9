import { useId } from 'react'
import { Link, useParams } from 'react-router'
import type { Stream } from '@honu/core'
import { devicesQuery, videosQuery } from '@honu/core/query'
import { useConsoleClient, useMessages, useQuery, useTenant, useWidgetRegistry } from '@honu/console-kit'
import { LoadStatus } from '../../ui/load-status'
import { useFocusHeading } from '../../ui/use-focus-heading'
import { usePaths } from '../../navigation/paths-context'
import { EmbeddedWidget } from './embedded-widget'
import { vehiclePageMessages } from './vehicle-messages'

/**
 * Which of the tenant's streams are this vehicle's cameras: those whose `device_id` names it (the server's link
 * from a stream to the vehicle it rides on). Never guessed from names.
 */
export function streamsOfVehicle(streams: readonly Stream[], deviceId: string): Stream[] {
  return streams.filter((stream) => stream.device_id === deviceId)
}

/**
 * The vehicle page (spec §2, lazily loaded; `/vehicles/:deviceId`): the vehicle's live telemetry (the Vehicle
 * widget), its map (the Map widget, following it) and its streams (a Video widget each), all from the console's
 * widget registry, so the page shows exactly what a dashboard would. A vehicle the selected tenant does not have
 * says so, with a way back.
 */
export function VehicleScreen() {
  const { deviceId = '' } = useParams()
  const client = useConsoleClient()
  const t = useMessages(vehiclePageMessages)
  const heading = useFocusHeading()
  const registry = useWidgetRegistry()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  const ids = useId()
  const paths = usePaths()
  // The tenant's vehicle of that id; none when the tenant has no such vehicle (deleted, or another tenant's).
  const vehicle = useQuery(!!tenantId && devicesQuery(client, tenantId))
  const found =
    vehicle.status === 'ready' ? vehicle.data.items.find((device) => device.kind === 'vehicle' && device.device_id === deviceId) : undefined
  const streams = useQuery(!!tenantId && !!found && videosQuery(client, tenantId))
  const definition = (type: string) => registry?.find((d) => d.type === type)
  const vehicleWidget = definition('Vehicle')
  const mapWidget = definition('Map')
  const videoWidget = definition('Video')

  const title = found ? t('title', { name: found.name }) : t('title', { name: deviceId })
  let body
  if (vehicle.status !== 'ready') body = <LoadStatus state={vehicle} what={t('theVehicle')} loading={t('loadingVehicle')} onRetry={vehicle.retry} />
  else if (!found)
    body = (
      <div className="honu-vehicle-page__missing">
        <p>{t('missing', { id: deviceId })}</p>
        <Link className="honu-button" to={paths.streams}>
          {t('backToStreams')}
        </Link>
      </div>
    )
  else if (!registry) body = <p className="honu-muted">{t('noWidgets')}</p>
  else {
    const own = streams.status === 'ready' ? streamsOfVehicle(streams.data.items, found.device_id) : []
    body = (
      <div className="honu-vehicle-page__parts">
        <section className="honu-vehicle-page__telemetry" aria-labelledby={`${ids}-telemetry`}>
          <h2 id={`${ids}-telemetry`}>{t('telemetry')}</h2>
          {vehicleWidget && (
            <EmbeddedWidget
              definition={vehicleWidget}
              id={`vehicle-page-${found.device_id}`}
              name={found.name}
              data={{ deviceId: found.device_id }}
            />
          )}
        </section>
        <section className="honu-vehicle-page__map" aria-labelledby={`${ids}-map`}>
          <h2 id={`${ids}-map`}>{t('map')}</h2>
          {mapWidget ? (
            // A frame of a set height (vehicle.css): the map fills its parent, as in a dashboard tile.
            <div className="honu-vehicle-page__map-frame">
              <EmbeddedWidget
                definition={mapWidget}
                id={`vehicle-page-map-${found.device_id}`}
                name={t('map')}
                data={{ deviceId: found.device_id }}
              />
            </div>
          ) : (
            <p className="honu-muted">{t('mapComing')}</p>
          )}
        </section>
        <section className="honu-vehicle-page__streams" aria-labelledby={`${ids}-streams`}>
          <h2 id={`${ids}-streams`}>{t('streams')}</h2>
          {streams.status !== 'ready' ? (
            <LoadStatus state={streams} what={t('theStreams')} loading={t('loadingStreams')} onRetry={streams.retry} />
          ) : own.length === 0 || !videoWidget ? (
            <p className="honu-muted">{t('noStreams')}</p>
          ) : (
            // Tiles that fit the page (vehicle.css): side by side on a wide screen, one under the other on a phone,
            // each a 16:9 picture under its stream's name.
            <ul className="honu-vehicle-page__stream-list">
              {own.map((stream) => (
                <li key={stream.video_id} className="honu-vehicle-page__stream">
                  <h3 className="honu-vehicle-page__stream-name">{stream.name}</h3>
                  <div className="honu-vehicle-page__stream-frame">
                    <EmbeddedWidget
                      definition={videoWidget}
                      id={`vehicle-page-video-${stream.video_id}`}
                      name={stream.name}
                      data={{ streamId: stream.video_id }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    )
  }

  return (
    <section className="honu-vehicle-page" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {body}
    </section>
  )
}
