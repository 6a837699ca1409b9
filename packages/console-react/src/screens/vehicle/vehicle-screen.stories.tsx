import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import type { WidgetDefinition } from '@honu/console-kit'
import { inLightTheme, StoryConsole } from '../../__fixtures__/story-console'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['reader'] } } },
  'GET /api/v1/devices': {
    status: 200,
    body: { data: [{ device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: null }], total_count: 1 },
  },
  'GET /api/v1/videos': {
    status: 200,
    body: { data: [{ video_id: 'v-bow', name: 'Kahu bow', source: 'https://cams.test/bow.m3u8', device_id: 'alpha-usv-1' }], total_count: 1 },
  },
}

/** Stand-ins for `@honu/widgets`' types (console-react cannot import it), each saying what it was given. */
const shows = (type: string): WidgetDefinition => ({
  type: type as WidgetDefinition['type'],
  title: type,
  description: type,
  icon: () => null,
  load: async () => ({ default: ({ widget }) => <p className="honu-muted">{`${type} widget: ${widget.name}`}</p> }),
  parse: (data) => data,
})

/** The vehicle page (spec §2, `/vehicles/:deviceId`) in the network layout: telemetry, map and streams. */
const meta = {
  title: 'Console/Screens/Vehicle',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/vehicles/alpha-usv-1', signedInAs: wes, tenant: alpha, server, widgets: [shows('Vehicle'), shows('Map'), shows('Video')] },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** A vehicle of the tenant with one camera. */
export const Vehicle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Vehicle USV Kahu' })).toBeVisible()
    await expect(await within(canvas.getByRole('region', { name: 'Streams' })).findByText('Video widget: Kahu bow')).toBeVisible()
  },
}

export const VehicleLight = inLightTheme(Vehicle)

/** A vehicle this tenant does not have. */
export const Missing: Story = {
  args: { path: '/vehicles/bravo-rov-1' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This tenant has no vehicle “bravo-rov-1”.')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to the streams' })).toBeVisible()
  },
}

/** In German. */
export const German: Story = {
  args: { locale: 'de-DE' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Fahrzeug USV Kahu' })).toBeVisible()
  },
}
