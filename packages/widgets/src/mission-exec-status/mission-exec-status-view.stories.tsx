import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import type { MissionExecutionState } from '@honu/core/live'
import { MissionExecStatusView } from './mission-exec-status-view'

const state = (over: Partial<MissionExecutionState> = {}): MissionExecutionState => ({
  executionId: 'exec-7',
  organisationId: 'org-honu',
  missionId: 'mis-north',
  platformId: 'plat-kahu',
  status: 'running',
  itemCount: 4,
  uploadedItems: 4,
  currentItem: 1,
  reachedItems: [0],
  progress: 0.25,
  startedAt: 0,
  updatedAt: 60_000,
  ...over,
})
const running = { state: state(), missionName: 'North reef transect', platformName: 'USV Kahu' }

const meta = {
  title: 'Widgets/MissionExecStatusView',
  component: MissionExecStatusView,
  args: {
    organisationName: 'Honu Ocean Operations',
    status: 'live',
    executions: [running],
    shown: running,
    waypoints: {
      total: 4,
      current: { number: 2, lat: 21.31, lon: -157.86, alt: 0 },
      next: { number: 3, lat: 21.32, lon: -157.86, alt: 0 },
    },
    elapsedMs: 60_000,
    remainingMs: 180_000,
    vehicle: {
      kind: 'found',
      name: 'USV Kahu',
      mine: false,
      asked: false,
      holder: 'Bea Admin',
      telemetry: {
        deviceId: 'alpha-usv-1',
        tenantId: 'alpha',
        time: 0,
        groundSpeedMs: 2.5,
        position: { lat: 21.31, lon: -157.86, altitudeM: 0.4 },
        battery: { remainingPct: 87 },
      },
    },
    onPick: fn(),
    onRequestControl: fn(),
    onReleaseControl: fn(),
    onCommand: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 360, height: 600, overflow: 'auto' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MissionExecStatusView>

export default meta
type Story = StoryObj<typeof meta>

/** Running, someone else in control: the state, progress and telemetry, Request control, and no commands. */
export const Watching: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('North reef transect: Running')
    await expect(canvas.getByRole('progressbar', { name: 'Progress of North reef transect' })).toBeVisible()
    await expect(canvas.getByText('Bea Admin is in control of USV Kahu.')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /Pause/ })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Request control' }))
    await expect(args.onRequestControl).toHaveBeenCalled()
  },
}

/** In control of a paused execution: Resume and Abort; Abort asks first, by keyboard. */
export const InControl: Story = {
  args: {
    shown: { ...running, state: state({ status: 'paused' }) },
    vehicle: { kind: 'found', name: 'USV Kahu', mine: true, asked: false, holder: 'Ada Admin' },
  },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('button', { name: 'Resume' })).toBeVisible()
    canvas.getByRole('button', { name: 'Abort' }).focus()
    await userEvent.keyboard('{Enter}')
    const page = within(canvasElement.ownerDocument.body)
    const dialog = await page.findByRole('alertdialog', { name: 'Abort North reef transect?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abort execution' }))
    await expect(args.onCommand).toHaveBeenCalledWith('abort')
  },
}

/** A refused command shows the server's words. */
export const Refused: Story = {
  args: {
    vehicle: { kind: 'found', name: 'USV Kahu', mine: true, asked: false, holder: 'Ada Admin' },
    commandProblem: 'Only a running execution can be paused; this one is paused.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Refused: Only a running execution can be paused; this one is paused.')
  },
}

/** Failed, with the reason; the vehicle is in another tenant than the one selected. */
export const Failed: Story = {
  args: {
    shown: { ...running, state: state({ status: 'failed', reason: 'The vehicle refused the mission (MAV_MISSION_NO_SPACE).', endedAt: 90_000 }) },
    vehicle: { kind: 'elsewhere' },
    remainingMs: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('North reef transect: Failed')
    await expect(canvas.getByText('Why: The vehicle refused the mission (MAV_MISSION_NO_SPACE).')).toBeVisible()
  },
}

/** Nothing runs in the organisation. */
export const Nothing: Story = {
  args: { executions: [], shown: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No mission is being executed in Honu Ocean Operations. Start one from a mission’s plan.')).toBeVisible()
  },
}
