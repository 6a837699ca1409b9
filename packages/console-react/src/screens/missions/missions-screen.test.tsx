import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readQgcPlan, writeQgcPlan, type MissionPlan } from '@honu/core/mission'
import type { ConsoleClient } from '@honu/core'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { consoleAt } from '../../__fixtures__/console-at'

const oda = { uid: 'oda', email: 'oda@honu.test' }
const honu = { id: 'org-honu', name: 'Honu Ocean Operations' }
const ORG = { Organisation: ['read', 'write', 'admin'] }

const reef = { id: 'camp-reef', organisation_id: 'org-honu', name: 'Reef survey 2026' }
// A platform with the optional limits the plan's figures and checks go by.
const kahu = {
  id: 'plat-kahu',
  organisation_id: 'org-honu',
  name: 'USV Kahu',
  kind: 'vehicle',
  altitude_limits: { min: 0, max: 50 },
  endurance_minutes: 30,
}
const plan: MissionPlan = {
  items: [
    { kind: 'waypoint', lat: 21.3, lon: -157.86, alt: 10, frame: 'relative', holdSeconds: 0, speed: 2 },
    { kind: 'waypoint', lat: 21.301, lon: -157.86, alt: 10, frame: 'relative', holdSeconds: 0 },
  ],
  geofence: { polygons: [], circles: [] },
  rallyPoints: [],
}
const north = {
  id: 'mis-north',
  organisation_id: 'org-honu',
  name: 'North reef transect',
  campaign_id: 'camp-reef',
  platform_id: 'plat-kahu',
  status: 'planned',
  plan,
}

const server = (roles: Record<string, string[]> = ORG) => ({
  'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
  'GET /api/v2/user/oda': {
    status: 200,
    body: { data: [{ id: 'mp-oda', uid: 'oda', email: oda.email, organisation_id: 'org-honu', roles, super_admin: false }] },
  },
  'GET /api/v2/campaign': { status: 200, body: { data: [reef] } },
  'GET /api/v2/mission': { status: 200, body: { data: [north] } },
  'GET /api/v2/platform': { status: 200, body: { data: [kahu] } },
})

/** The console at mission operations with the organisation chosen, and the v2 record calls it makes. */
function missionsAt(roles?: Record<string, string[]>) {
  const view = consoleAt('/missionoperations', { signedInAs: oda, flags: { mission_planning: true }, server: server(roles) })
  act(() => view.client.tenant.getState().setOrganisation(honu))
  return { ...view, calls: recordCalls(view.client) }
}

/** Records every v2 create and update (resource, id, body): the fake server keeps only methods and paths. */
function recordCalls(client: ConsoleClient) {
  const calls: unknown[][] = []
  const resource = client.v2.resource.bind(client.v2)
  vi.spyOn(client.v2, 'resource').mockImplementation(((name: Parameters<typeof resource>[0]) => {
    const records = resource(name)
    return {
      ...records,
      create: (record: never, request?: never) => (calls.push([name, 'create', record]), records.create(record, request)),
      update: (id: string, changes: never, request?: never) => (calls.push([name, 'update', id, changes]), records.update(id, changes, request)),
    }
  }) as typeof client.v2.resource)
  return calls
}

const missionsTable = () => screen.findByRole('table', { name: 'Missions of Honu Ocean Operations' })
const campaignsTable = () => screen.findByRole('table', { name: 'Campaigns of Honu Ocean Operations' })
const rowOf = async (table: HTMLElement, name: string) => (await within(table).findByRole('cell', { name })).closest('tr')!
const menuAction = async (user: ReturnType<typeof userEvent.setup>, row: HTMLElement, action: string) => {
  await user.click(within(row).getByRole('button', { name: /^Actions for / }))
  await user.click(await screen.findByRole('menuitem', { name: action }))
}
const openPlan = async (user: ReturnType<typeof userEvent.setup>) => {
  await menuAction(user, await rowOf(await missionsTable(), 'North reef transect'), 'Open the plan of North reef transect')
  return screen.findByRole('table', { name: 'Items of North reef transect' })
}
const itemsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)
const cell = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement

const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.readAsText(blob)
  })

afterEach(() => vi.restoreAllMocks())

describe('MissionsScreen', { timeout: 60_000 }, () => {
  it("lists the organisation's campaigns and missions with their status, platform and campaign, scoped to it, without axe violations", async () => {
    const { requests } = missionsAt()
    expect(await screen.findByRole('heading', { level: 1, name: 'Mission operations' })).toBeInTheDocument()
    const campaign = await rowOf(await campaignsTable(), 'Reef survey 2026')
    expect(within(campaign).getByRole('cell', { name: 'Active' })).toBeInTheDocument()
    expect(within(campaign).getByRole('cell', { name: '1' })).toBeInTheDocument()
    const mission = await rowOf(await missionsTable(), 'North reef transect')
    for (const text of ['Reef survey 2026', 'USV Kahu', 'Planned']) expect(within(mission).getByRole('cell', { name: text })).toBeInTheDocument()
    for (const resource of ['campaign', 'mission', 'platform']) expect(requests).toContain(`GET /api/v2/${resource}?organisation_id=org-honu`)
    expect(screen.getByRole('button', { name: 'New campaign' })).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('creates a campaign, then a mission in it naming one of the platforms, and opens its plan', async () => {
    const user = userEvent.setup()
    const { answers, calls } = missionsAt()
    await campaignsTable()
    await user.click(screen.getByRole('button', { name: 'New campaign' }))
    let dialog = await screen.findByRole('dialog', { name: 'New campaign' })
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument()
    expect(calls).toEqual([])
    const bay = { id: 'camp-bay', organisation_id: 'org-honu', name: 'Bay survey', status: 'active' }
    answers['POST /api/v2/campaign'] = { status: 201, body: { data: bay } }
    answers['GET /api/v2/campaign'] = { status: 200, body: { data: [bay, reef] } }
    await user.type(within(dialog).getByLabelText('Name'), 'Bay survey')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Bay survey created.')
    expect(calls).toEqual([['campaign', 'create', { name: 'Bay survey', organisation_id: 'org-honu', status: 'active' }]])
    await rowOf(await campaignsTable(), 'Bay survey')

    await user.click(screen.getByRole('button', { name: 'New mission' }))
    dialog = await screen.findByRole('dialog', { name: 'New mission' })
    await user.type(within(dialog).getByLabelText('Name'), 'Bay lawnmower')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText('Choose a campaign.')).toBeInTheDocument()
    expect(within(dialog).getByText('Choose a platform.')).toBeInTheDocument()
    expect(
      within(within(dialog).getByLabelText('Platform'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'USV Kahu'])
    await user.selectOptions(within(dialog).getByLabelText('Campaign'), 'Bay survey')
    await user.selectOptions(within(dialog).getByLabelText('Platform'), 'USV Kahu')
    const created = {
      id: 'mis-bay',
      organisation_id: 'org-honu',
      name: 'Bay lawnmower',
      campaign_id: 'camp-bay',
      platform_id: 'plat-kahu',
      status: 'planned',
    }
    answers['POST /api/v2/mission'] = { status: 201, body: { data: created } }
    answers['GET /api/v2/mission'] = { status: 200, body: { data: [created, north] } }
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(calls[1]).toEqual([
      'mission',
      'create',
      {
        name: 'Bay lawnmower',
        organisation_id: 'org-honu',
        campaign_id: 'camp-bay',
        platform_id: 'plat-kahu',
        status: 'planned',
        plan: { items: [], geofence: { polygons: [], circles: [] }, rallyPoints: [] },
      },
    ])
    expect(await screen.findByRole('heading', { name: 'Plan of Bay lawnmower' })).toBeInTheDocument()
    expect(screen.getByText('The plan has no items yet: add a waypoint, or import a plan file.')).toBeInTheDocument()
  })

  it('renames a mission, and archives a campaign after confirming; a refused change keeps the dialog with the reason', async () => {
    const user = userEvent.setup()
    const { answers, calls, requests } = missionsAt()
    await menuAction(user, await rowOf(await missionsTable(), 'North reef transect'), 'Rename North reef transect')
    const dialog = await screen.findByRole('dialog', { name: 'Rename North reef transect' })
    answers['PUT /api/v2/mission/mis-north'] = { status: 403, body: { code: 'forbidden', message: 'You may not change this mission.' } }
    const name = within(dialog).getByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'North reef, leg 1')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not change this mission.')
    answers['PUT /api/v2/mission/mis-north'] = { status: 200, body: { data: { ...north, name: 'North reef, leg 1' } } }
    answers['GET /api/v2/mission'] = { status: 200, body: { data: [{ ...north, name: 'North reef, leg 1' }] } }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await rowOf(await missionsTable(), 'North reef, leg 1')
    expect(calls.at(-1)).toEqual(['mission', 'update', 'mis-north', { name: 'North reef, leg 1' }])

    await menuAction(user, await rowOf(await campaignsTable(), 'Reef survey 2026'), 'Archive Reef survey 2026')
    const confirm = await screen.findByRole('alertdialog', { name: 'Archive Reef survey 2026?' })
    answers['PUT /api/v2/campaign/camp-reef'] = { status: 200, body: { data: { ...reef, status: 'archived' } } }
    answers['GET /api/v2/campaign'] = { status: 200, body: { data: [{ ...reef, status: 'archived' }] } }
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }))
    const archived = await rowOf(await campaignsTable(), 'Archived')
    expect(within(archived).queryByRole('button', { name: /^Actions/ })).toBeNull()
    expect(calls.at(-1)).toEqual(['campaign', 'update', 'camp-reef', { status: 'archived' }])
    // Each change names the organisation, as every call of the screen does.
    expect(requests).toContain('PUT /api/v2/mission/mis-north?organisation_id=org-honu')
    expect(requests).toContain('PUT /api/v2/campaign/camp-reef?organisation_id=org-honu')
  })

  it('offers a member with only the read permission no changes: the plan shows read-only, with Export', async () => {
    missionsAt({ Organisation: ['read'] })
    await rowOf(await missionsTable(), 'North reef transect')
    expect(screen.getByText(/changing them needs the Organisation write permission/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'New mission' })).toBeNull()
    const user = userEvent.setup()
    await openPlan(user)
    expect(screen.queryByRole('button', { name: 'Add waypoint' })).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.getByRole('button', { name: 'Export .plan' })).toBeInTheDocument()
  })

  it('shows a member without the read permission why, and loads none of the records', async () => {
    const { requests } = missionsAt({ Organisation: [] })
    expect(
      await screen.findByText('You need the Organisation read permission in Honu Ocean Operations to see its campaigns and missions.'),
    ).toBeInTheDocument()
    expect(requests.filter((r) => /\/api\/v2\/(campaign|mission|platform)/.test(r))).toEqual([])
  })

  it('a list that fails to load says so with Try again, which loads it (and the counts that depend on it)', async () => {
    const { answers } = missionsAt()
    answers['GET /api/v2/mission'] = { status: 500, body: { message: 'Database unavailable' } }
    expect(await screen.findByText(/Could not load the missions\./)).toBeInTheDocument()
    const campaign = await rowOf(await campaignsTable(), 'Reef survey 2026')
    expect(within(campaign).getByRole('cell', { name: '0' })).toBeInTheDocument()
    answers['GET /api/v2/mission'] = server()['GET /api/v2/mission']
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await rowOf(await missionsTable(), 'North reef transect')
    // The campaign's count follows the missions that arrived after it.
    expect(within(await rowOf(await campaignsTable(), 'Reef survey 2026')).getByRole('cell', { name: '1' })).toBeInTheDocument()
  })

  it('adds waypoints and edits cells by keyboard: focus stays where the keys are, a bad value is refused with the reason', async () => {
    const user = userEvent.setup()
    missionsAt()
    const table = await openPlan(user)
    expect(itemsOf(table)).toHaveLength(2)
    expect(screen.getByText('No problems found.')).toBeInTheDocument()
    // 111 m at 2 m/s.
    expect(screen.getByText('0.11 km')).toBeInTheDocument()
    expect(screen.getByText('0 min 56 s')).toBeInTheDocument()
    // 56 s of the platform's 30 minutes.
    expect(screen.getByText('3 % of a full battery')).toBeInTheDocument()

    screen.getByRole('button', { name: 'Add waypoint' }).focus()
    await user.keyboard('{Enter}')
    expect(itemsOf(table)).toHaveLength(3)
    // Focus is on the new row's latitude: on along the last leg, 111 m further north.
    expect(document.activeElement).toBe(cell('Latitude of item 3'))
    expect(cell('Latitude of item 3').value).toBe('21.302')
    await user.keyboard('{Control>}a{/Control}21.305{Enter}')
    expect(cell('Latitude of item 3').value).toBe('21.305')
    expect(document.activeElement).toBe(cell('Latitude of item 3'))
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(cell('Altitude (m) of item 3'))
    await user.keyboard('{Control>}a{/Control}abc{Enter}')
    expect(cell('Altitude (m) of item 3')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Item 3: Altitude (m) cannot be “abc”.')).toBeInTheDocument()
    await user.keyboard('{Control>}a{/Control}25{Enter}')
    expect(cell('Altitude (m) of item 3').value).toBe('25')
    expect(cell('Altitude (m) of item 3')).not.toHaveAttribute('aria-invalid')
    await user.keyboard('{Escape}')
    // 111 m and then 445 m.
    expect(screen.getByText('0.56 km')).toBeInTheDocument()
  })

  it('moves, deletes, undoes and redoes by keyboard; the checks follow; Save writes the mission', async () => {
    const user = userEvent.setup()
    const { answers, calls } = missionsAt()
    const table = await openPlan(user)
    await user.click(cell('Altitude (m) of item 2'))
    await user.keyboard('{Control>}a{/Control}25{Enter}')
    // Ctrl+Z and Ctrl+Shift+Z from inside the cell just applied.
    await user.keyboard('{Control>}z{/Control}')
    expect(cell('Altitude (m) of item 2').value).toBe('10')
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(cell('Altitude (m) of item 2').value).toBe('25')

    await user.click(screen.getByRole('button', { name: 'Move item 2 up' }))
    expect(cell('Altitude (m) of item 1').value).toBe('25')
    // Focus follows the row moved.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move item 1 down' }))
    await user.keyboard('{Control>}z{/Control}')
    expect(cell('Altitude (m) of item 2').value).toBe('25')
    await user.keyboard('{Control>}y{/Control}')
    expect(cell('Altitude (m) of item 1').value).toBe('25')
    await user.click(screen.getByRole('button', { name: 'Delete item 2' }))
    expect(itemsOf(table)).toHaveLength(1)

    await user.click(cell('Altitude (m) of item 1'))
    await user.keyboard('{Control>}a{/Control}-3{Enter}')
    expect(within(screen.getByRole('list', { name: 'Checks' })).getByRole('listitem')).toHaveTextContent(
      'Item 1: altitude -3 m is outside the platform’s limits (0 to 50 m).',
    )
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    answers['PUT /api/v2/mission/mis-north'] = { status: 200, body: { data: north } }
    await user.click(screen.getByRole('button', { name: 'Save plan' }))
    expect(await screen.findByText('Plan saved.')).toBeInTheDocument()
    const saved = calls.at(-1)!
    expect(saved.slice(0, 3)).toEqual(['mission', 'update', 'mis-north'])
    expect((saved[3] as { plan: MissionPlan }).plan.items).toEqual([
      { kind: 'waypoint', lat: 21.301, lon: -157.86, alt: -3, frame: 'relative', holdSeconds: 0 },
    ])
    expect(screen.queryByText('Unsaved changes')).toBeNull()
    await expectNoAxeViolations(document.body)
  })

  it('imports a .plan (listing what it did not keep), refuses a malformed one with its reason and nothing changed, and exports the plan', async () => {
    const user = userEvent.setup()
    missionsAt()
    const table = await openPlan(user)
    const input = screen.getByLabelText('Import a plan file')
    const written = JSON.parse(writeQgcPlan({ ...plan, items: [plan.items[1]!] }).text) as { mission: { items: object[] } }
    // A loiter (MAV_CMD_NAV_LOITER_UNLIM, 17) has no place in our plan: reported, not dropped silently.
    written.mission.items.push({ ...written.mission.items[0], command: 17, doJumpId: 9 })
    await user.upload(input, new File([JSON.stringify(written)], 'other.plan', { type: 'application/json' }))
    expect(await screen.findByText('other.plan imported.')).toBeInTheDocument()
    expect(screen.getByText('Not kept from other.plan')).toBeInTheDocument()
    expect(screen.getByText('Item 2: command 17 has no place in this plan.')).toBeInTheDocument()
    expect(itemsOf(table)).toHaveLength(1)

    await user.upload(input, new File(['{"fileType": "Plan", "version": 1, "mission": '], 'broken.plan'))
    const refusal = await screen.findByText('broken.plan was not imported, and the plan is unchanged: The file is not valid JSON.')
    expect(refusal.closest('[role="alert"]')).not.toBeNull()
    expect(itemsOf(table)).toHaveLength(1)
    await user.keyboard('{Control>}z{/Control}')

    let exported: Blob | undefined
    const createObjectURL = vi.fn((blob: Blob) => ((exported = blob), 'blob:plan'))
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await user.click(screen.getByRole('button', { name: 'Export .plan' }))
    expect(click).toHaveBeenCalled()
    expect(screen.getByText('North reef transect.plan exported.')).toBeInTheDocument()
    const read = readQgcPlan(await textOf(exported!))
    expect(read.ok && read.value.items).toEqual(plan.items)
    await waitFor(() => expect(itemsOf(table)).toHaveLength(2))
  })

  it("checks a surface vehicle's points against the site packs' land, as the server does before flying", async () => {
    // A square of land around the plan's first waypoint (21.3, -157.86), and none around the second's (21.301).
    const land = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { kind: 'land' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-157.861, 21.2995],
                [-157.859, 21.2995],
                [-157.859, 21.3005],
                [-157.861, 21.3005],
                [-157.861, 21.2995],
              ],
            ],
          },
        },
      ],
    }
    const view = consoleAt('/missionoperations', {
      signedInAs: oda,
      flags: { mission_planning: true },
      server: {
        ...server(),
        'GET /api/v2/platform': { status: 200, body: { data: [{ ...kahu, vehicle_type: 'surface' }] } },
        'GET /api/v1/site-packs/index.json': { status: 200, body: { packs: [{ name: 'h', bounds: [-158, 21, -157, 22], file: 'h.geojson' }] } },
        'GET /api/v1/site-packs/h.geojson': { status: 200, body: land },
      },
    })
    act(() => view.client.tenant.getState().setOrganisation(honu))
    const user = userEvent.setup()
    await openPlan(user)
    const checks = await screen.findByRole('list', { name: 'Checks' })
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Item 1: point 1 is on land.'])
  })
})
