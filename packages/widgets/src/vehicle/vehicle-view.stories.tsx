import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { FIXTURE_TIME, heartbeatOnly, kahu } from './vehicle-fixtures'
import { VehicleView } from './vehicle-view'

const meta = {
  title: 'Widgets/VehicleView',
  component: VehicleView,
  args: { name: 'USV Kahu', telemetry: kahu, now: FIXTURE_TIME + 2000, staleAfterMs: 5000, timeZone: 'UTC' },
  decorators: [
    (Story) => (
      <div style={{ width: 480, height: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VehicleView>

export default meta
type Story = StoryObj<typeof meta>

/** A vehicle on its route, every value reported two seconds ago. */
export const Live: Story = {
  args: { pageHref: '/vehicles/alpha-usv-1' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live')).toBeVisible()
    await expect(canvas.getByText('21.30123° N, 157.87456° W')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Open the page of USV Kahu' })).toBeVisible()
  },
}

/** No message for more than the stale time: the values are struck through and the widget says "Link lost". */
export const LinkLost: Story = {
  args: { now: FIXTURE_TIME + 42_000 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Link lost: last message at 12:05:03 AM')).toBeVisible()
    await expect(canvasElement.querySelector('.honu-vehicle')).toHaveAttribute('data-state', 'stale')
    await expect(canvas.getByText('42 sec ago (12:05:03 AM)')).toBeVisible()
  },
}

/** The live channel dropped (the server restarting): the widget says so beside the values it still has. */
export const Reconnecting: Story = {
  args: { connection: 'reconnecting' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live channel interrupted: reconnecting…')).toBeVisible()
  },
}

/** A vehicle that has reported only its heartbeat: the rest reads "Unknown". */
export const HeartbeatOnly: Story = {
  args: { name: 'Tender Honu', telemetry: heartbeatOnly },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Disarmed')).toBeVisible()
  },
}

/** Before the vehicle's first message. */
export const Waiting: Story = {
  args: { telemetry: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Waiting for the first message from USV Kahu…')).toBeVisible()
  },
}
