import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useConsoleLinks, type WidgetDefinition } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { consoleAt } from '../../__fixtures__/console-at'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['reader'] } } },
  'GET /api/v1/devices': {
    status: 200,
    body: {
      data: [
        { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: null },
        { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Quay camera', kind: 'camera', address: null },
      ],
      total_count: 2,
    },
  },
  'GET /api/v1/videos': {
    status: 200,
    body: {
      data: [
        { video_id: 'v-bow', name: 'Kahu bow', source: 'https://cams.test/bow.m3u8', device_id: 'alpha-usv-1' },
        { video_id: 'v-quay', name: 'Quay', source: 'https://cams.test/quay.m3u8' },
        { video_id: 'v-other', name: 'Manu bow', source: 'https://cams.test/manu.m3u8', device_id: 'alpha-usv-2' },
      ],
      total_count: 3,
    },
  },
}

/** Widget types as `@honu/widgets` defines them (console-react cannot import it): each says what it was given. */
const shows = (type: string): WidgetDefinition => ({
  type: type as WidgetDefinition['type'],
  title: type,
  description: type,
  icon: () => null,
  load: async () => ({ default: ({ widget }) => <p>{`${type} widget ${widget.name}: ${JSON.stringify(widget.data)}`}</p> }),
  parse: (data) => data,
})
const widgets = [shows('Vehicle'), shows('Map'), shows('Video')]

describe('VehicleScreen', () => {
  it("shows the tenant's vehicle through the Vehicle and Map widgets, and only the streams that belong to it, without axe violations", async () => {
    const { requests } = consoleAt('/vehicles/alpha-usv-1', { signedInAs: wes, tenant: alpha, server, widgets })
    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicle USV Kahu' })).toHaveFocus()
    const telemetry = screen.getByRole('region', { name: 'Telemetry' })
    expect(await within(telemetry).findByText('Vehicle widget USV Kahu: {"deviceId":"alpha-usv-1"}')).toBeInTheDocument()
    const map = screen.getByRole('region', { name: 'Map' })
    expect(await within(map).findByText('Map widget Map: {"deviceId":"alpha-usv-1"}')).toBeInTheDocument()
    const streams = screen.getByRole('region', { name: 'Streams' })
    expect(await within(streams).findByText('Video widget Kahu bow: {"streamId":"v-bow"}')).toBeInTheDocument()
    expect(within(streams).queryByText(/Quay|Manu/)).toBeNull()
    expect(requests).toContain('GET /api/v1/devices?tenant_id=alpha')
    await expectNoAxeViolations(document.body)
  })

  it("gives widgets the console's link to a vehicle page under its base path, none to the page shown", async () => {
    function Links() {
      const links = useConsoleLinks()
      return <p>{`here: ${links?.vehiclePage('alpha-usv-1')?.href ?? 'none'}; other: ${links?.vehiclePage('alpha-usv-2')?.href}`}</p>
    }
    const linking: WidgetDefinition = { ...shows('Vehicle'), load: async () => ({ default: Links }) }
    const { router } = consoleAt('/ops/vehicles/alpha-usv-1', { signedInAs: wes, tenant: alpha, server, widgets: [linking], basePath: '/ops' })
    expect(await screen.findByText('here: none; other: /ops/vehicles/alpha-usv-2')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/ops/vehicles/alpha-usv-1')
  })

  it('says when the tenant has no such vehicle (another tenant’s, or a camera), with a way back to the streams', async () => {
    consoleAt('/vehicles/alpha-cam-1', { signedInAs: wes, tenant: alpha, server, widgets })
    expect(await screen.findByText('This tenant has no vehicle “alpha-cam-1”.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the streams' })).toHaveAttribute('href', '/streams')
    expect(screen.queryByRole('region', { name: 'Telemetry' })).toBeNull()
  })

  it('says when the vehicles could not be loaded, with a retry', async () => {
    consoleAt('/vehicles/alpha-usv-1', {
      signedInAs: wes,
      tenant: alpha,
      widgets,
      server: { ...server, 'GET /api/v1/devices': { status: 500, body: { error: 'down' } } },
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/Could not load the vehicle/)
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('says so when the vehicle has no streams', async () => {
    consoleAt('/vehicles/alpha-usv-1', {
      signedInAs: wes,
      tenant: alpha,
      widgets,
      server: { ...server, 'GET /api/v1/videos': { status: 200, body: { data: [], total_count: 0 } } },
    })
    expect(await screen.findByText('No stream of this tenant belongs to this vehicle.')).toBeInTheDocument()
  })

  it('in German', async () => {
    consoleAt('/vehicles/alpha-usv-1', { signedInAs: wes, tenant: alpha, server, widgets, locale: 'de-DE' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Fahrzeug USV Kahu' })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Telemetrie' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Karte' })).toBeInTheDocument()
  })
})
