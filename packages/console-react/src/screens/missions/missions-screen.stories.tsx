import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { inLightTheme, StoryConsole } from '../../__fixtures__/story-console'

const oda = { uid: 'oda', email: 'oda@honu.test' }
const reef = { id: 'camp-reef', organisation_id: 'org-honu', name: 'Reef survey 2026' }
const old = { id: 'camp-old', organisation_id: 'org-honu', name: 'Harbour baseline 2025', status: 'archived' }
const kahu = {
  id: 'plat-kahu',
  organisation_id: 'org-honu',
  name: 'USV Kahu',
  kind: 'vehicle',
  altitude_limits: { min: 0, max: 50 },
  endurance_minutes: 30,
}
const north = {
  id: 'mis-north',
  organisation_id: 'org-honu',
  name: 'North reef transect',
  campaign_id: 'camp-reef',
  platform_id: 'plat-kahu',
  status: 'planned',
  plan: {
    items: [
      { kind: 'waypoint', lat: 21.3, lon: -157.86, alt: 10, frame: 'relative', holdSeconds: 0, speed: 2 },
      { kind: 'waypoint', lat: 21.301, lon: -157.86, alt: 60, frame: 'relative', holdSeconds: 5 },
    ],
    geofence: { polygons: [], circles: [] },
    rallyPoints: [],
  },
}
const baseline = {
  id: 'mis-base',
  organisation_id: 'org-honu',
  name: 'Harbour baseline',
  campaign_id: 'camp-old',
  platform_id: 'plat-kahu',
  status: 'archived',
}
const server = {
  'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
  'GET /api/v2/user/oda': {
    status: 200,
    body: { data: [{ id: 'mp-oda', uid: 'oda', email: oda.email, organisation_id: 'org-honu', roles: { Organisation: ['read', 'write'] } }] },
  },
  'GET /api/v2/organisation': { status: 200, body: { data: [{ id: 'org-honu', name: 'Honu Ocean Operations' }] } },
  'GET /api/v2/campaign': { status: 200, body: { data: [reef, old] } },
  'GET /api/v2/mission': { status: 200, body: { data: [north, baseline] } },
  'GET /api/v2/platform': { status: 200, body: { data: [kahu] } },
}

/**
 * Mission operations (spec §2 `missionoperations`, issue 25) for an organisation member with read and write:
 * reached by choosing the organisation, its campaigns and missions, and a mission's plan.
 */
const meta = {
  title: 'Console/Screens/Mission operations',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/orgselection', signedInAs: oda, flags: { mission_planning: true }, server },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** The campaigns and missions with their status; an archived one offers no changes. */
export const CampaignsAndMissions: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Honu Ocean Operations' }, { timeout: 10_000 }))
    const missions = await canvas.findByRole('table', { name: 'Missions of Honu Ocean Operations' }, { timeout: 10_000 })
    await expect(await within(missions).findByRole('cell', { name: 'North reef transect' })).toBeVisible()
    await expect(within(missions).getAllByRole('cell', { name: 'Archived' })).toHaveLength(1)
    await expect(canvas.getByRole('button', { name: 'New mission' })).toBeVisible()
  },
}

export const CampaignsAndMissionsLight = inLightTheme(CampaignsAndMissions)

/** A mission's plan: its items as a table, the figures, a check's finding (60 m is above the platform's 50 m). */
export const Plan: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Honu Ocean Operations' }, { timeout: 10_000 }))
    const missions = await canvas.findByRole('table', { name: 'Missions of Honu Ocean Operations' }, { timeout: 10_000 })
    const row = (await within(missions).findByRole('cell', { name: 'North reef transect' })).closest('tr')!
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: /^Actions for / }))
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Open the plan of North reef transect' }))
    const items = await canvas.findByRole('table', { name: 'Items of North reef transect' })
    await expect(within(items).getAllByRole('row')).toHaveLength(3)
    await expect(canvas.getByText('Item 2: altitude 60 m is outside the platform’s limits (0 to 50 m).')).toBeVisible()
    canvas.getByRole('button', { name: 'Add waypoint' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(within(items).getAllByRole('row')).toHaveLength(4)
    await expect(canvas.getByText('Unsaved changes')).toBeVisible()
  },
}

export const PlanLight = inLightTheme(Plan)
