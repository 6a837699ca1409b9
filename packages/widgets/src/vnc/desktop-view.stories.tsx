import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DesktopView } from './desktop-view'

// The view alone: no connection draws into its screen here (the real desktop is e2e/remote-desktop.spec.ts's).
const SINCE = Date.UTC(2026, 10, 28, 9, 5)
const free = { mine: false, askedBy: [], asked: false }

const meta = {
  title: 'Widgets/DesktopView',
  component: DesktopView,
  args: {
    name: 'Ballast controller',
    state: { status: 'connected' },
    screenRef: null,
    lease: free,
    canTakeOver: false,
    scale: 'fit',
    fullscreen: false,
    timeZone: 'UTC',
    onConnect: fn(),
    onDisconnect: fn(),
    onRetryNow: fn(),
    onRequestControl: fn(),
    onReleaseControl: fn(),
    onTakeOver: fn(),
    onScale: fn(),
    onCtrlAltDel: fn(),
    onPaste: fn(),
    onCopy: fn(),
    onFullscreen: fn(),
    onFocusDesktop: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 480, height: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DesktopView>

export default meta
type Story = StoryObj<typeof meta>

/** Connected, nobody in control: view only, and Take control is offered. */
export const Free: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Connected to Ballast controller')).toBeVisible()
    await expect(canvas.getByText('Nobody has control. View only.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Send Ctrl+Alt+Del' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Take control' }))
    await expect(args.onRequestControl).toHaveBeenCalledOnce()
  },
}

/** Someone else holds control: who and since when; the viewer may ask, an admin may take over. */
export const HeldByAnother: Story = {
  args: { lease: { ...free, holder: 'Bea Admin', since: SINCE, askedBy: ['Dan Controller'] }, canTakeOver: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Bea Admin has had control since 9:05 AM\. View only\./)).toBeVisible()
    await expect(canvas.getByText(/Asking for control: Dan Controller\./)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Take over' }))
    await expect(args.onTakeOver).toHaveBeenCalledOnce()
    await expect(canvas.getByRole('button', { name: 'Ask for control' })).toBeEnabled()
  },
}

/** The viewer holds control: input goes to the desktop; Ctrl+Alt+Del and Paste are offered; text in through a dialog. */
export const InControl: Story = {
  args: { lease: { ...free, mine: true, holder: 'Cora Controller', since: SINCE }, clipboard: 'ballast 40 %' },
  play: async ({ canvas, args, canvasElement }) => {
    await expect(canvas.getByText('You have had control since 9:05 AM.')).toBeVisible()
    await expect(canvas.getByText('ballast 40 %')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Send Ctrl+Alt+Del' }))
    await expect(args.onCtrlAltDel).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('button', { name: 'Paste text…' }))
    const body = canvasElement.ownerDocument.body
    const field = await within(body).findByLabelText('Text to put on the desktop’s clipboard')
    await userEvent.type(field, 'pump 2 off')
    await userEvent.keyboard('{Tab}{Tab}{Enter}')
    await expect(args.onPaste).toHaveBeenCalledWith('pump 2 off')
  },
}

/** The desktop went away: the reason and the seconds to the next attempt, with Try now. */
export const Retrying: Story = {
  // retryAt is read when the module loads: the seconds shown depend on how long the story took to start.
  args: { state: { status: 'retrying', reason: 'desktop-closed', attempt: 2, retryAt: Date.now() + 30_000 } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Connection lost: the desktop closed the connection.')).toHaveAttribute('role', 'status')
    // The seconds tick outside the live region: a screen reader is told the loss, not every second.
    const countdown = canvas.getByText(/^Trying again in \d+ s\./)
    await expect(countdown).toBeVisible()
    await expect(countdown.closest('[role="status"], [aria-live]')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Try now' }))
    await expect(args.onRetryNow).toHaveBeenCalledOnce()
  },
}

/** Ended for a reason another attempt would not change: said, with Connect to start again. */
export const EndedIdle: Story = {
  args: { state: { status: 'ended', reason: 'idle' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Disconnected: the session ended after a time without input.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    await expect(args.onConnect).toHaveBeenCalledOnce()
  },
}

/** A reader asked for control: the server's refusal in the catalogue's words. */
export const Refused: Story = {
  args: { controlProblem: 'Your role does not allow control of this device.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your role does not allow control of this device.')
  },
}
