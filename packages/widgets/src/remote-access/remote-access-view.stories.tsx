import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { RemoteAccessView } from './remote-access-view'

const meta = {
  title: 'Widgets/RemoteAccessView',
  component: RemoteAccessView,
  args: {
    tenantName: 'Bravo Fleet',
    timeZone: 'UTC',
    onOpen: fn(),
    items: [
      {
        id: 'bravo-ra-3',
        name: 'Ballast controller',
        address: '10.10.132.8',
        state: 'online',
        control: {
          deviceId: 'bravo-ra-3',
          tenantId: 'bravo',
          holder: { uid: 'bea', name: 'Bea Admin' },
          since: Date.UTC(2026, 10, 28, 9, 5),
          requests: [],
          viewers: [
            { uid: 'bea', name: 'Bea Admin' },
            { uid: 'cora', name: 'Cora Controller' },
          ],
        },
      },
      { id: 'bravo-ra-2', name: 'Fleet office desktop', address: '10.201.0.10', state: 'offline' },
      { id: 'bravo-ra-1', name: 'Winch PLC', address: '10.10.132.7', state: 'stale' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320, height: 560, overflow: 'auto' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RemoteAccessView>

export default meta
type Story = StoryObj<typeof meta>

/** Three devices: one online with two people connected and one in control, one offline, one not heard from lately. */
export const Devices: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Connected: Bea Admin, Cora Controller')).toBeVisible()
    await expect(canvas.getByText('In control: Bea Admin since 9:05 AM')).toBeVisible()
    await expect(canvas.getByText('Not heard from lately')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Open desktop of Winch PLC' }))
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'bravo-ra-1' }))
  },
}

/** The live channel reconnecting: the states shown are the last known, and the widget says so. */
export const LiveLost: Story = {
  args: { liveLost: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Live states interrupted: reconnecting…')
  },
}

/** A tenant without remote-access devices. */
export const None: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This tenant has no remote-access devices yet.')).toBeVisible()
  },
}
