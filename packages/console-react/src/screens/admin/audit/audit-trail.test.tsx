import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type AuditTrailEntry } from '@honu/core'
import { createFakeAuthAdapter, createFakeServer, createManualScheduler, createMemoryStorage, type FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../../../test/axe'
import { AuditTrail } from './audit-trail'

const HTML = '<img src=x onerror="alert(1)"><script>alert(2)</script>'

const entry = (id: number, changes: Partial<AuditTrailEntry> = {}): AuditTrailEntry => ({
  id: String(id),
  at: `2026-11-26T03:${String(id % 60).padStart(2, '0')}:00.000Z`,
  actor: { uid: 'ada', email: 'ada@honu.test' },
  tenant_id: 'alpha',
  action: 'role.change',
  resource: { type: 'user', id: 'wes' },
  before: { roles: ['writer'] },
  after: { roles: ['reader'] },
  ...changes,
})

const entries = [
  entry(4, { action: 'role.change' }),
  entry(3, { action: 'role.grant', before: { roles: [] }, after: { roles: ['writer'] } }),
  entry(2, { action: 'user.create', before: null, after: { name: HTML, email: 'evil@honu.test' } }),
  entry(1, { action: 'tenant.rename', resource: { type: 'tenant', id: 'alpha' }, before: { name: 'Alpha' }, after: { name: 'Alpha Harbour' } }),
]

/** The export's answer: the fake server answers JSON only, so the export is answered here with its own headers. */
let exportAnswer: () => Response
const CSV = 'id,at,actor_uid,actor_email,tenant_id,action,resource_type,resource_id,before,after,organisation_id\r\n'

function renderTrail(options: { answers?: Record<string, FakeAnswer>; permissions?: Record<string, string[]>; locale?: string } = {}) {
  const server = createFakeServer({
    'GET /api/v1/users/ada': { status: 200, body: { email: 'ada@honu.test', permissions: options.permissions ?? { alpha: ['admin'] } } },
    'GET /api/v1/audit': { status: 200, body: { data: entries, next_cursor: null, total_count: entries.length } },
    ...options.answers,
  })
  const exportCalls: { url: string; headers: Headers }[] = []
  const fetch = async (url: string, init: RequestInit) => {
    if (new URL(url).pathname === '/api/v1/audit/export') {
      exportCalls.push({ url, headers: new Headers(init.headers) })
      return exportAnswer()
    }
    return server.fetch(url, init)
  }
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch },
    auth: createFakeAuthAdapter({ initialUser: { uid: 'ada', email: 'ada@honu.test' } }),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
    locale: options.locale,
  })
  client.start()
  render(
    <ConsoleProvider client={client}>
      <main>
        <AuditTrail tenantId="alpha" tenantName="Alpha Harbour" />
      </main>
    </ConsoleProvider>,
  )
  return { client, requests: server.requests, answers: server.answers, exportCalls }
}

const auditRequests = (requests: string[]) => requests.filter((r) => r.startsWith('GET /api/v1/audit'))
const table = () => screen.findByRole('table', { name: 'Audit entries' })
const rowOf = async (action: string) => (await within(await table()).findByRole('cell', { name: action })).closest('tr')!

let saved: { href: string; download: string }[]
beforeEach(() => {
  saved = []
  exportAnswer = () =>
    new Response(CSV, {
      status: 200,
      headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit-alpha-2026-11-26.csv"' },
    })
  // jsdom has no object URLs and does not download: the link's click is where the browser would.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://console.test/1'), revokeObjectURL: vi.fn() })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download })
  })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('AuditTrail', { timeout: 20_000 }, () => {
  it("shows the tenant's trail newest first, with before and after of each change as text, without axe violations", async () => {
    const { requests } = renderTrail()
    expect(await screen.findByRole('heading', { name: 'Audit trail of Alpha Harbour' })).toBeInTheDocument()
    const change = await rowOf('role.change')
    // One name per column (the changes, and the button opening them field by field).
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When (UTC)', 'Actor', 'Action', 'Resource', 'Changes', 'Details'])
    expect(within(change).getByRole('cell', { name: 'ada@honu.test' })).toBeInTheDocument()
    expect(within(change).getByRole('cell', { name: 'user wes' })).toBeInTheDocument()
    expect(within(change).getByRole('cell', { name: 'roles: ["writer"] → ["reader"]' })).toBeInTheDocument()
    expect(within(change).getByRole('cell', { name: 'Thu, Nov 26, 2026, 3:04:00 AM UTC' })).toBeInTheDocument()
    expect(within(await rowOf('tenant.rename')).getByRole('cell', { name: 'name: "Alpha" → "Alpha Harbour"' })).toBeInTheDocument()
    // A created user: nothing before; a name made of markup stays text.
    const created = await rowOf('user.create')
    expect(within(created).getByRole('cell', { name: `name: — → ${JSON.stringify(HTML)}; email: — → "evil@honu.test"` })).toBeInTheDocument()
    expect(document.querySelector('img, script')).toBeNull()
    expect(screen.getByText('4 of 4 entries loaded')).toBeInTheDocument()
    expect(auditRequests(requests)).toEqual(['GET /api/v1/audit?tenant_id=alpha&limit=100'])
    await expectNoAxeViolations(document.body)
  })

  it('filters by actor, action, resource and time (typed in UTC) on the server, and Clear shows everything again', async () => {
    const user = userEvent.setup()
    const { requests } = renderTrail()
    await rowOf('role.change')
    await user.type(screen.getByLabelText('Actor'), 'ada@honu')
    await user.type(screen.getByLabelText('Action'), 'role.*')
    await user.selectOptions(screen.getByLabelText('Resource'), 'user')
    await user.type(screen.getByLabelText('Resource id'), 'wes')
    await user.type(screen.getByLabelText('From (UTC)'), '2026-11-26T03:00')
    await user.type(screen.getByLabelText('Until (UTC)'), '2026-11-26T04:00')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(auditRequests(requests).at(-1)).toBe(
        'GET /api/v1/audit?tenant_id=alpha&actor=ada%40honu&action=role.*&resource_type=user&resource_id=wes&from=2026-11-26T03%3A00%3A00.000Z&to=2026-11-26T04%3A00%3A00.000Z&limit=100',
      ),
    )
    await rowOf('role.change')
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(auditRequests(requests).at(-1)).toBe('GET /api/v1/audit?tenant_id=alpha&limit=100'))
    expect(screen.getByLabelText('Actor')).toHaveValue('')
  })

  it('refuses a time range that ends before it starts, asking nothing of the server', async () => {
    const user = userEvent.setup()
    const { requests } = renderTrail()
    await rowOf('role.change')
    await user.type(screen.getByLabelText('From (UTC)'), '2026-11-26T05:00')
    await user.type(screen.getByLabelText('Until (UTC)'), '2026-11-26T04:00')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The start must come before the end.')
    expect(screen.getByLabelText('From (UTC)')).toHaveAttribute('aria-invalid', 'true')
    expect(auditRequests(requests)).toHaveLength(1)
  })

  it('says when no entry matches the filters', async () => {
    const user = userEvent.setup()
    const { answers } = renderTrail()
    await rowOf('role.change')
    answers['GET /api/v1/audit'] = { status: 200, body: { data: [], next_cursor: null, total_count: 0 } }
    await user.type(screen.getByLabelText('Actor'), 'nobody')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument()
  })

  it("opens an entry's changes field by field, before and after, and closes them with Escape", async () => {
    const user = userEvent.setup()
    renderTrail()
    await user.click(within(await rowOf('tenant.rename')).getByRole('button', { name: 'Details of entry 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'tenant.rename of tenant alpha' })
    expect(dialog).toHaveAccessibleDescription('By ada@honu.test on Thu, Nov 26, 2026, 3:01:00 AM UTC.')
    const [, row] = within(dialog).getAllByRole('row')
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('name')
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['"Alpha"', '"Alpha Harbour"'])
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('exports the filtered view as CSV with the bearer header (no token in the address), named by the server', async () => {
    const user = userEvent.setup()
    const { exportCalls } = renderTrail()
    await rowOf('role.change')
    await user.type(screen.getByLabelText('Actor'), 'ada')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await rowOf('role.change')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('Downloaded audit-alpha-2026-11-26.csv.')).toBeInTheDocument()
    expect(exportCalls).toHaveLength(1)
    expect(exportCalls[0]!.url).toBe('http://api.test/api/v1/audit/export?format=csv&tenant_id=alpha&actor=ada')
    // The fake provider's token (a fresh one per call): in the header, never in the address.
    expect(exportCalls[0]!.headers.get('authorization')).toMatch(/^Bearer fake-token-ada-\d+$/)
    expect(exportCalls[0]!.url).not.toContain('token')
    expect(saved).toEqual([{ href: 'blob:http://console.test/1', download: 'audit-alpha-2026-11-26.csv' }])
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob
    expect(await blob.text()).toBe(CSV)
    // The link leaves the page once clicked.
    expect(document.querySelector('a[download]')).toBeNull()
  })

  it('exports JSON too; a failed export says why and downloads nothing', async () => {
    const user = userEvent.setup()
    const { exportCalls } = renderTrail()
    await rowOf('role.change')
    exportAnswer = () =>
      new Response(JSON.stringify({ message: 'The export broke off.' }), { status: 500, headers: { 'content-type': 'application/json' } })
    await user.click(screen.getByRole('button', { name: 'Export JSON' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed: The export broke off.')
    expect(exportCalls[0]!.url).toBe('http://api.test/api/v1/audit/export?format=json&tenant_id=alpha')
    expect(saved).toEqual([])
    exportAnswer = () =>
      new Response('[]', {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="audit-alpha-2026-11-26.json"' },
      })
    await user.click(screen.getByRole('button', { name: 'Export JSON' }))
    expect(await screen.findByText('Downloaded audit-alpha-2026-11-26.json.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(saved.map((s) => s.download)).toEqual(['audit-alpha-2026-11-26.json'])
  })

  it('a trail that fails to load says so with Try again, which loads it', async () => {
    const user = userEvent.setup()
    const { answers } = renderTrail({ answers: { 'GET /api/v1/audit': { status: 403, body: { message: 'Your role does not allow this.' } } } })
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the audit trail.')
    answers['GET /api/v1/audit'] = { status: 200, body: { data: entries, next_cursor: null, total_count: 4 } }
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await rowOf('role.change')).toBeInTheDocument()
  })

  it('an answer that is not a page of the trail fails the load, naming the field', async () => {
    renderTrail({ answers: { 'GET /api/v1/audit': { status: 200, body: { data: [{ ...entries[0], at: 'soon' }] } } } })
    expect(await screen.findByRole('alert')).toHaveTextContent("The server's audit trail could not be read: data[0].at is not a time.")
  })

  it('pages through the trail with the server cursor as the table scrolls', async () => {
    const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from - i))
    const { requests, answers } = renderTrail({
      answers: { 'GET /api/v1/audit': { status: 200, body: { data: page(150, 100), next_cursor: 'c100', total_count: 150 } } },
    })
    expect(await screen.findByText('100 of 150 entries loaded')).toBeInTheDocument()
    answers['GET /api/v1/audit'] = { status: 200, body: { data: page(50, 50), next_cursor: null, total_count: 150 } }
    const scroller = (await table()).closest('.honu-data-table')!
    await act(async () => {
      scroller.scrollTop = 100 * 44
      scroller.dispatchEvent(new Event('scroll'))
    })
    expect(await screen.findByText('150 of 150 entries loaded')).toBeInTheDocument()
    expect(auditRequests(requests).at(-1)).toBe('GET /api/v1/audit?tenant_id=alpha&cursor=c100&limit=100')
  })

  it('a super admin may widen the trail to every tenant: no tenant_id, and a tenant column (global for what has none)', async () => {
    const user = userEvent.setup()
    const { requests, answers } = renderTrail({ permissions: { '*': ['org-admin'] } })
    await rowOf('role.change')
    answers['GET /api/v1/audit'] = {
      status: 200,
      body: { data: [entry(9, { tenant_id: null, action: 'user.create', before: null, after: { name: 'Nia' } })], next_cursor: null, total_count: 1 },
    }
    await user.click(await screen.findByRole('checkbox', { name: 'Every tenant' }))
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(await screen.findByRole('heading', { name: 'Audit trail of every tenant' })).toBeInTheDocument()
    await waitFor(() => expect(auditRequests(requests).at(-1)).toBe('GET /api/v1/audit?limit=100'))
    expect(within(await rowOf('user.create')).getByRole('cell', { name: 'global' })).toBeInTheDocument()
    expect(within(await table()).getByRole('columnheader', { name: 'Tenant' })).toBeInTheDocument()
  })

  it('an admin of the tenant is not offered every tenant', async () => {
    renderTrail()
    await rowOf('role.change')
    expect(screen.queryByRole('checkbox', { name: 'Every tenant' })).not.toBeInTheDocument()
  })

  it('speaks German', async () => {
    renderTrail({ locale: 'de-DE' })
    expect(await screen.findByRole('heading', { name: 'Änderungsprotokoll von Alpha Harbour' })).toBeInTheDocument()
    expect(await screen.findByRole('table', { name: 'Protokolleinträge' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Als CSV exportieren' })).toBeInTheDocument()
    expect(await screen.findByText('4 von 4 Einträgen geladen')).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })
})
