import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { createTestConsole } from '../__fixtures__/test-console'
import { expectNoAxeViolations } from '../../../../test/axe'
import { MissionExecStatusWidget } from './mission-exec-status-widget'
import { parseMissionExecStatusWidgetData } from './mission-exec-status-widget-data'

// The widget over a console with a fake server (fetch) and a fake live socket; the real server, simulator and live
// channel are e2e/mission-execution.spec.ts's.

const wp = (lat: number) => ({ kind: 'waypoint', lat, lon: -157.86, alt: 0, frame: 'relative', holdSeconds: 0 })
const answers: Record<string, FakeAnswer> = {
  'GET /api/v2/mission': {
    status: 200,
    body: {
      data: [
        {
          id: 'mis-north',
          campaign_id: 'c1',
          organisation_id: 'org-honu',
          name: 'North reef transect',
          plan: { items: [wp(21.3), wp(21.31), wp(21.32), wp(21.33)], geofence: { polygons: [], circles: [] }, rallyPoints: [] },
        },
        { id: 'mis-south', campaign_id: 'c1', organisation_id: 'org-honu', name: 'South survey' },
      ],
    },
  },
  'GET /api/v2/platform': {
    status: 200,
    body: { data: [{ id: 'plat-kahu', organisation_id: 'org-honu', name: 'USV Kahu', kind: 'vehicle', mavlink_system_id: 1 }] },
  },
}

const execution = (over: Record<string, unknown> = {}) => ({
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
  startedAt: Date.now() - 60_000,
  updatedAt: Date.now(),
  ...over,
})
const telemetry = {
  deviceId: 'alpha-usv-1',
  tenantId: 'alpha',
  systemId: 1,
  time: Date.now(),
  groundSpeedMs: 2.5,
  position: { lat: 21.3, lon: -157.86, altitudeM: 0.4 },
  battery: { remainingPct: 87 },
}
const lease = (holder?: { uid: string; name: string }) => ({ deviceId: 'alpha-usv-1', tenantId: 'alpha', holder, requests: [], viewers: [] })

async function setup(extra: Record<string, FakeAnswer> = {}) {
  const { client, server, serve } = await createTestConsole({
    uid: 'ada',
    permissions: { alpha: ['admin'] },
    tenant: { tenant_id: 'alpha', name: 'Alpha Marine' },
    answers: { ...answers, ...extra },
  })
  act(() => client.tenant.getState().setOrganisation({ id: 'org-honu', name: 'Honu Ocean Operations' }))
  const setData = vi.fn()
  const view = render(
    <ConsoleProvider client={client}>
      <MissionExecStatusWidget
        widget={{ id: 'm1', type: 'MissionExecStatus', name: 'Mission execution 1', data: {} }}
        workspace="mission-operations"
        setData={setData}
      />
    </ConsoleProvider>,
  )
  const live = await serve(['vehicles'])
  const topic = 'organisations/org-honu/executions'
  await waitFor(() => expect(live.socket.sent).toContainEqual({ type: 'subscribe', topic }))
  live.send({ type: 'subscribed', topic })
  const executions = (list: unknown[]) => live.send({ type: 'event', topic, data: { executions: list } })
  // The vehicle's lease is followed once the vehicle is found among the tenant's vehicles.
  const leases = async (list: unknown[]) => {
    const control = 'tenants/alpha/control'
    await waitFor(() => expect(live.socket.sent).toContainEqual({ type: 'subscribe', topic: control }))
    live.event('control', { leases: list })
  }
  return { client, server, live, executions, leases, setData, ...view }
}

describe('MissionExecStatusWidget', () => {
  it('shows the running execution: state, progress, waypoints, times, telemetry and who is in control; axe finds nothing', async () => {
    const { live, executions, leases, container } = await setup()
    expect(screen.getByText('Waiting for the organisation’s executions…')).toBeInTheDocument()
    executions([execution(), execution({ executionId: 'exec-6', status: 'completed', startedAt: 1, updatedAt: 2 })])
    live.event('vehicles', { vehicles: [telemetry] })
    await leases([lease({ uid: 'bea', name: 'Bea Admin' })])
    const status = await screen.findByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('North reef transect: Running'))
    expect(status).toHaveAttribute('aria-live', 'polite')
    const bar = screen.getByRole('progressbar', { name: 'Progress of North reef transect' })
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 4 waypoints reached')
    expect(screen.getByText(/Item 2 of 4/)).toBeInTheDocument()
    expect(screen.getByText('2: 21.31000, -157.86000')).toBeInTheDocument()
    expect(screen.getByText('3: 21.32000, -157.86000')).toBeInTheDocument()
    expect(screen.getByText('2.5 m/s')).toBeInTheDocument()
    expect(screen.getByText('87 %')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('Bea Admin is in control of USV Kahu.')).toBeInTheDocument())
    // Two executions: a picker, the running one first.
    expect(screen.getByRole('combobox', { name: 'Execution' })).toHaveValue('exec-7')
    // Not in control: no commands, and it says why.
    expect(screen.queryByRole('button', { name: /Pause|Abort/ })).toBeNull()
    expect(screen.getByText('Only the operator in control of the vehicle can pause, resume or abort.')).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })

  it('announces each state, with the reason of a failure', async () => {
    const { executions } = await setup()
    executions([execution({ status: 'uploading', currentItem: undefined, reachedItems: [], progress: 0, uploadedItems: 2 })])
    const status = await screen.findByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('North reef transect: Uploading'))
    expect(screen.getByText(/Uploaded 2 of 4 items/)).toBeInTheDocument()
    executions([execution({ status: 'paused' })])
    await waitFor(() => expect(status).toHaveTextContent('North reef transect: Paused'))
    executions([execution({ status: 'failed', reason: 'The vehicle refused the mission (MAV_MISSION_NO_SPACE).', endedAt: Date.now() })])
    await waitFor(() => expect(status).toHaveTextContent('North reef transect: Failed'))
    expect(screen.getByText('Why: The vehicle refused the mission (MAV_MISSION_NO_SPACE).')).toBeInTheDocument()
    // The same live region throughout: a screen reader hears every change.
    expect(screen.getByRole('status')).toBe(status)
  })

  it('offers Request control, then Pause and Abort (confirmed) to the holder only, calling the v2 actions', async () => {
    const user = userEvent.setup()
    const { live, executions, leases, server } = await setup({
      'POST /api/v2/execution/exec-7/pause': { status: 200, body: { data: { id: 'exec-7', status: 'paused' } } },
      'POST /api/v2/execution/exec-7/abort': { status: 200, body: { data: { id: 'exec-7', status: 'aborted' } } },
    })
    executions([execution()])
    live.event('vehicles', { vehicles: [telemetry] })
    await leases([])
    await user.click(await screen.findByRole('button', { name: 'Request control' }))
    expect(live.socket.sent).toContainEqual(
      expect.objectContaining({ type: 'control', tenantId: 'alpha', deviceId: 'alpha-usv-1', action: 'request' }),
    )
    await leases([lease({ uid: 'ada', name: 'Ada Admin' })])
    expect(await screen.findByText('You are in control of USV Kahu.')).toBeInTheDocument()
    const commands = screen.getByRole('group', { name: 'Commands for North reef transect' })
    await user.click(within(commands).getByRole('button', { name: 'Pause' }))
    await waitFor(() => expect(server.requests).toContain('POST /api/v2/execution/exec-7/pause?organisation_id=org-honu'))
    executions([execution({ status: 'paused' })])
    expect(await within(commands).findByRole('button', { name: 'Resume' })).toBeInTheDocument()
    await user.click(within(commands).getByRole('button', { name: 'Abort' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Abort North reef transect?' })
    // Cancel is focused first: Enter never aborts by accident.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await user.click(within(dialog).getByRole('button', { name: 'Abort execution' }))
    await waitFor(() => expect(server.requests).toContain('POST /api/v2/execution/exec-7/abort?organisation_id=org-honu'))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it("shows the server's words when it refuses a command", async () => {
    const user = userEvent.setup()
    const { live, executions, leases } = await setup({
      'POST /api/v2/execution/exec-7/pause': {
        status: 409,
        body: { code: 'not-in-control', message: 'Bea Admin is in control of USV Kahu: ask for control, or wait until it is handed over.' },
      },
    })
    executions([execution()])
    live.event('vehicles', { vehicles: [telemetry] })
    await leases([lease({ uid: 'ada', name: 'Ada Admin' })])
    await user.click(await screen.findByRole('button', { name: 'Pause' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Refused: Bea Admin is in control of USV Kahu: ask for control, or wait until it is handed over.',
    )
  })

  it("says so when the platform's vehicle is not among the selected tenant's vehicles, and offers no control", async () => {
    const { live, executions } = await setup()
    executions([execution()])
    live.event('vehicles', { vehicles: [{ ...telemetry, deviceId: 'alpha-usv-2', systemId: 2 }] })
    expect(
      await screen.findByText(
        'The vehicle of USV Kahu is not among the selected tenant’s vehicles: choose its tenant to see its telemetry and take control.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Request control' })).toBeNull()
  })

  it('says when nothing runs, and speaks German', async () => {
    const { client, executions } = await setup()
    executions([])
    expect(await screen.findByText('No mission is being executed in Honu Ocean Operations. Start one from a mission’s plan.')).toBeInTheDocument()
    act(() => client.preferences.getState().setLocale('de-DE'))
    expect(
      await screen.findByText('In Honu Ocean Operations wird keine Mission ausgeführt. Starten Sie eine aus dem Plan einer Mission.'),
    ).toBeInTheDocument()
    executions([execution({ status: 'completed', progress: 1, endedAt: Date.now() })])
    expect(await screen.findByRole('status')).toHaveTextContent('North reef transect: Abgeschlossen')
  })
})

describe('parseMissionExecStatusWidgetData', () => {
  it('keeps a picked execution id and refuses what is not one', () => {
    expect(parseMissionExecStatusWidgetData(undefined)).toEqual({})
    expect(parseMissionExecStatusWidgetData({ executionId: 'exec-7', other: 1 })).toEqual({ executionId: 'exec-7' })
    expect(() => parseMissionExecStatusWidgetData({ executionId: 7 })).toThrow(/executionId/)
    expect(() => parseMissionExecStatusWidgetData([])).toThrow(/object/)
  })
})
