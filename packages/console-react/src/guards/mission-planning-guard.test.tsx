import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type FetchLike } from '@honu/core'
import { createStaticFlagSource } from '@honu/core/flags'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '@honu/console-kit'
import { RouterProbe, testRouter } from '../__fixtures__/console-at'
import { ConsoleRoutes } from '../routes/create-console-routes'
import { consoleAt } from '../__fixtures__/console-at'
import { CONSOLE_ROUTES } from '../navigation/console-routes'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** An org-admin opening the entry point while the mission-planning record answers `server.record` (0: no answer). */
function orgAdminAtEntryPoint(recordStatus: number) {
  const server = { record: recordStatus }
  const fetchLike: FetchLike = async (url) => {
    const { pathname } = new URL(url)
    if (server.record === 0) throw new TypeError('Failed to fetch')
    if (pathname === '/health') return json(200, { status: 'ok' })
    if (pathname === '/api/v2/user/u') {
      return server.record === 200 ? json(200, { data: [{ uid: 'u', email: 'ops@honu.test' }] }) : json(server.record, { message: 'failed' })
    }
    return json(404, {})
  }
  vi.spyOn(Math, 'random').mockReturnValue(0.5)
  const scheduler = createManualScheduler()
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: fetchLike },
    flags: createStaticFlagSource({ mission_planning: true }),
    scheduler,
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  const router = testRouter()
  render(
    <ConsoleProvider client={client}>
      <MemoryRouter initialEntries={['/entrypoint']}>
        <ConsoleRoutes />
        <RouterProbe router={router} />
      </MemoryRouter>
    </ConsoleProvider>,
  )
  act(() => client.session.getState().setSession({ uid: 'u', email: 'ops@honu.test', permissions: { '*': ['org-admin'] } }, 't'))
  return { server, scheduler, router }
}

describe('MissionPlanningGuard', () => {
  it('a record that cannot be loaded now is not a refusal: it says so, and opens by itself when the server returns', async () => {
    const { server, scheduler, router } = orgAdminAtEntryPoint(0)
    expect(await screen.findByText(/Could not load your mission-planning account/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/entrypoint')
    await expectNoAxeViolations(document.body)
    server.record = 200
    await act(async () => {
      scheduler.advance(1000)
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(await screen.findByRole('heading', { name: 'Where to?' })).toBeInTheDocument()
    expect(screen.queryByText(/Could not load your mission-planning account/)).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/entrypoint')
  })

  it('a 5xx gets the same retry', async () => {
    orgAdminAtEntryPoint(503)
    expect(await screen.findByText(/Could not load your mission-planning account/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('no record (a 404) still sends the user to sign-in, refused', async () => {
    const { router } = orgAdminAtEntryPoint(404)
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/entrypoint'))
    expect(screen.queryByText(/Could not load your mission-planning account/)).not.toBeInTheDocument()
  })
})

describe('MissionPlanningGuard on every mission-planning row of the route table', () => {
  const oda = { uid: 'oda', email: 'oda@honu.test' }
  const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
  const records = (permissions: Record<string, string[]>) => ({
    'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions } },
    'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: oda.email }] } },
    'GET /api/v1/videos': { status: 200, body: { data: [] } },
  })
  const rows = CONSOLE_ROUTES.filter((row) => row.access === 'mission-planning').map((row) => row.path)

  it('covers the entry point, the organisation choice and the three mission-planning areas', () => {
    expect(rows).toEqual(['/orgselection', '/entrypoint', '/missionoperations', '/missionreview', '/usermanagement'])
  })

  it.each(rows)('%s: with the flag off even an org-admin is refused, and lands on the streams instead', async (path) => {
    const { router, requests } = consoleAt(path, { signedInAs: oda, tenant: alpha, server: records({ '*': ['org-admin'], alpha: ['reader'] }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Streams' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/streams')
    expect(requests).not.toContain('GET /api/v2/user/oda')
  })

  it.each(rows)('%s: with the flag on, a user who is not an org-admin is refused', async (path) => {
    const { router } = consoleAt(path, { signedInAs: oda, tenant: alpha, flags: { mission_planning: true }, server: records({ alpha: ['admin'] }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Streams' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/streams')
  })

  const headings: Record<string, string> = {
    '/orgselection': 'Choose an organisation',
    '/entrypoint': 'Where to?',
    '/missionoperations': 'Mission operations',
    '/missionreview': 'Mission review',
    '/usermanagement': 'User management',
  }
  it.each(rows)('%s: an org-admin with the flag on and a mission-planning record gets in', async (path) => {
    const { router } = consoleAt(path, { signedInAs: oda, flags: { mission_planning: true }, server: records({ '*': ['org-admin'] }) })
    expect(await screen.findByRole('heading', { level: 1, name: headings[path] })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
    await expectNoAxeViolations(document.body)
  })
})
