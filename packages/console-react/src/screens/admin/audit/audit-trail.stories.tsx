import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../../../__fixtures__/story-console'

const ada = { uid: 'ada', email: 'ada@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const HTML = '<img src=x onerror="alert(1)">'

const entry = (id: number, action: string, resource: { type: string; id: string }, before: object | null, after: object | null) => ({
  id: String(id),
  at: `2026-11-26T03:${String(id).padStart(2, '0')}:00.000Z`,
  actor: { uid: 'ada', email: 'ada@honu.test' },
  tenant_id: 'alpha',
  action,
  resource,
  before,
  after,
})

const entries = [
  entry(5, 'role.remove', { type: 'user', id: 'nia' }, { roles: ['reader'] }, { roles: [] }),
  entry(4, 'role.change', { type: 'user', id: 'nia' }, { roles: ['writer'] }, { roles: ['reader'] }),
  entry(3, 'role.grant', { type: 'user', id: 'nia' }, { roles: [] }, { roles: ['writer'] }),
  entry(2, 'user.create', { type: 'user', id: 'inv-1' }, null, { name: HTML, email: 'nia@honu.test' }),
  entry(1, 'video.update', { type: 'video', id: 'bow' }, { source: 'rtsp://[redacted]@cam/1' }, { source: 'rtsp://[redacted]@cam/2' }),
]

/** The admin console's audit trail (issue 15): Alpha's admin opens the Audit trail tab. */
const meta = {
  title: 'Console/Screens/Admin console/Audit trail',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: {
    path: '/adminconsole',
    signedInAs: ada,
    tenant: alpha,
    server: {
      'GET /api/v1/users/ada': { status: 200, body: { email: ada.email, permissions: { alpha: ['admin'] } } },
      'GET /api/v1/users/': { status: 200, body: { data: [], next_cursor: null, total_count: 0 } },
      'GET /api/v1/audit': { status: 200, body: { data: entries, next_cursor: null, total_count: entries.length } },
    },
  },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** The trail newest first with before → after as text; the keyboard opens one entry's changes and Escape closes them. */
export const Trail: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Audit trail' }))
    const table = await canvas.findByRole('table', { name: 'Audit entries' })
    await expect(await within(table).findByRole('cell', { name: 'roles: ["writer"] → ["reader"]' })).toBeVisible()
    expect(within(table).getByRole('cell', { name: `name: — → ${JSON.stringify(HTML)}; email: — → "nia@honu.test"` })).toBeVisible()
    expect(canvas.getByText('5 of 5 entries loaded')).toBeVisible()
    expect(storyConsole().server.requests).toContain('GET /api/v1/audit?tenant_id=alpha&limit=100')
    const open = canvas.getByRole('button', { name: 'Details of entry 1' })
    open.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await within(document.body).findByRole('dialog', { name: 'video.update of video bow' })
    expect(
      within(dialog)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['"rtsp://[redacted]@cam/1"', '"rtsp://[redacted]@cam/2"'])
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(open).toHaveFocus())
  },
}

/** Trail in the light theme (axe checks its contrast too). */
export const TrailLight: Story = inLightTheme(Trail)

/** Filters applied on the server; one that matches nothing says so. */
export const NoMatches: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Audit trail' }))
    await canvas.findByRole('cell', { name: 'role.change' })
    storyConsole().server.answers['GET /api/v1/audit'] = { status: 200, body: { data: [], next_cursor: null, total_count: 0 } }
    await userEvent.type(canvas.getByLabelText('Action'), 'video.delete')
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
    await expect(await canvas.findByText('No entry matches these filters.')).toBeVisible()
    expect(storyConsole().server.requests.at(-1)).toBe('GET /api/v1/audit?tenant_id=alpha&action=video.delete&limit=100')
  },
}
