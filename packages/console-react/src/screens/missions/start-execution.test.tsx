import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import type { MissionPlan } from '@honu/core/mission'
import { createFakeAuthAdapter, createFakeServer, createManualScheduler, createMemoryStorage, type FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { StartExecution } from './start-execution'
import type { MissionRecord, PlatformRecord } from './mission-data'

// The action over a console with a fake server; the live socket never opens here (the vehicle's lease is the
// MissionExecStatus widget's tests' and the browser test's).

const plan: MissionPlan = {
  items: [
    { kind: 'waypoint', lat: 21.3, lon: -157.86, alt: 10, frame: 'relative', holdSeconds: 0 },
    { kind: 'waypoint', lat: 21.301, lon: -157.86, alt: 10, frame: 'relative', holdSeconds: 0 },
  ],
  geofence: { polygons: [], circles: [] },
  rallyPoints: [],
}
const north: MissionRecord = {
  id: 'mis-north',
  organisation_id: 'org-honu',
  campaign_id: 'c1',
  name: 'North reef transect',
  platform_id: 'plat-kahu',
  plan,
}
const kahu = { id: 'plat-kahu', organisation_id: 'org-honu', name: 'USV Kahu', kind: 'vehicle', mavlink_system_id: 1 } as PlatformRecord

function setup(mission: MissionRecord, platform: PlatformRecord | undefined, answers: Record<string, FakeAnswer> = {}) {
  const server = createFakeServer(answers)
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: server.fetch },
    auth: createFakeAuthAdapter(),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
    createLiveSocket: () => {
      throw new Error('not signed in: no live socket')
    },
  })
  const view = render(
    <ConsoleProvider client={client}>
      <StartExecution mission={mission} platform={platform} organisationId="org-honu" />
    </ConsoleProvider>,
  )
  return { server, ...view }
}

describe('StartExecution', () => {
  it('is disabled with the reason while the saved plan cannot be flown', async () => {
    const { unmount } = setup({ ...north, plan: undefined }, kahu)
    const button = await screen.findByRole('button', { name: 'Start execution' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('The mission has no saved plan: plan its waypoints and save them first.')
    unmount()
    setup({ ...north, plan: { ...plan, items: [] } }, kahu)
    expect(await screen.findByRole('button', { name: 'Start execution' })).toHaveAccessibleDescription(
      /^The saved plan does not pass its checks: .*no waypoints/i,
    )
  })

  it('creates a pending execution and starts it; axe finds nothing', async () => {
    const user = userEvent.setup()
    const { server, container } = setup(north, kahu, {
      'POST /api/v2/execution': { status: 201, body: { data: { id: 'exec-9', mission_id: 'mis-north', status: 'pending' } } },
      'POST /api/v2/execution/exec-9/start': { status: 202, body: { data: { id: 'exec-9', status: 'uploading' } } },
    })
    const button = await screen.findByRole('button', { name: 'Start execution' })
    expect(button).toBeEnabled()
    await user.click(button)
    expect(await screen.findByText('Execution started: follow it in the Mission execution widget.')).toBeInTheDocument()
    expect(server.requests).toEqual(
      expect.arrayContaining(['POST /api/v2/execution', 'POST /api/v2/execution/exec-9/start?organisation_id=org-honu']),
    )
    await expectNoAxeViolations(container)
  })

  it("shows the server's words when it refuses, and tries the same pending execution again", async () => {
    const user = userEvent.setup()
    const { server } = setup(north, kahu, {
      'POST /api/v2/execution': { status: 201, body: { data: { id: 'exec-9', mission_id: 'mis-north', status: 'pending' } } },
      'POST /api/v2/execution/exec-9/start': {
        status: 409,
        body: { code: 'not-in-control', message: 'Nobody is in control of USV Kahu: take control of it first.' },
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Start execution' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Not started: Nobody is in control of USV Kahu: take control of it first.')
    await user.click(screen.getByRole('button', { name: 'Start execution' }))
    await waitFor(() => expect(server.requests.filter((r) => r.startsWith('POST /api/v2/execution/exec-9/start'))).toHaveLength(2))
    expect(server.requests.filter((r) => r === 'POST /api/v2/execution')).toHaveLength(1)
  })
})
