import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Flag, Map as MapIcon, Video } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider, type WidgetDefinition, type WidgetPickerProps } from '@honu/console-kit'
import { DashboardToolbar } from './dashboard-toolbar'

const Nothing = () => null
/** A picker offering two choices as buttons, standing in for the Video widget's stream picker. */
function TwoChoices({ name, onPick, onCancel }: WidgetPickerProps) {
  return (
    <div role="dialog" aria-label={`Pick for ${name}`}>
      <button type="button" onClick={() => onPick({ streamId: 'alpha-bow' })}>
        Bow
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}
const registry: WidgetDefinition[] = [
  {
    type: 'MissionExecStatus',
    title: 'Mission execution',
    description: 'Runs.',
    icon: Flag,
    load: async () => ({ default: Nothing }),
    parse: (d) => d,
  },
  {
    type: 'Map',
    title: 'Map',
    description: 'A map.',
    icon: MapIcon,
    defaultSize: { w: 6, h: 5 },
    load: async () => ({ default: Nothing }),
    parse: (d) => d,
  },
  {
    type: 'Video',
    title: 'Video',
    description: 'A stream.',
    icon: Video,
    load: async () => ({ default: Nothing }),
    picker: async () => ({ default: TwoChoices }),
    parse: (d) => d,
  },
]

function setup(locale?: string) {
  const client = createConsoleClient({
    locale,
    api: { baseUrl: 'http://127.0.0.1:1' },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  const view = render(
    <ConsoleProvider client={client}>
      <DashboardToolbar workspace="mission-operations" registry={registry} />
    </ConsoleProvider>,
  )
  const items = () => client.grid.getState().workspaces['mission-operations'].items
  return { client, view, items }
}

/**
 * Opens the add menu with ArrowDown and moves to the item named `name` with the arrow keys; a click stands in for
 * Enter on it (jsdom does not turn Enter on a button into a click; e2e/grid-settings.spec.ts uses real keys).
 */
async function addByKeyboard(name: string, menuName = 'Add widget') {
  const button = await screen.findByRole('button', { name: menuName })
  button.focus()
  fireEvent.keyDown(button, { key: 'ArrowDown' })
  const menu = await screen.findByRole('menu', { name: menuName })
  const item = within(menu).getByRole('menuitem', { name })
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
  for (let i = 0; i < 3 && document.activeElement !== item; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
  expect(document.activeElement).toBe(item)
  fireEvent.click(item)
}

describe('DashboardToolbar', () => {
  it('offers the widget types by their titles with an icon each, and names new widgets after them, without axe violations', async () => {
    const { view, items } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }))
    const menu = await screen.findByRole('menu', { name: 'Add widget' })
    const entries = within(menu).getAllByRole('menuitem')
    expect(entries.map((e) => e.textContent)).toEqual(['Mission execution', 'Map', 'Video'])
    for (const entry of entries) expect(entry.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    await expectNoAxeViolations(menu)
    fireEvent.click(entries[0]!)
    await addByKeyboard('Mission execution')
    expect(items().map((i) => [i.id, i.type, i.name])).toEqual([
      ['MissionExecStatus-1', 'MissionExecStatus', 'Mission execution 1'],
      ['MissionExecStatus-2', 'MissionExecStatus', 'Mission execution 2'],
    ])
    await expectNoAxeViolations(view.container)
  })

  it("gives a new widget its definition's size in free layout, and the snap size in snap mode", async () => {
    const { items } = setup()
    await addByKeyboard('Map')
    expect(items()[0]).toMatchObject({ id: 'Map-1', name: 'Map 1', w: 6, h: 5 })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Snap to grid' }))
    await addByKeyboard('Map')
    expect(items()[1]).toMatchObject({ id: 'Map-2', w: 1, h: 1 })
  })

  it("asks a type with a picker for the new widget's data first; Cancel adds nothing", async () => {
    const { items } = setup()
    await addByKeyboard('Video')
    const picker = await screen.findByRole('dialog', { name: 'Pick for Video 1' })
    fireEvent.click(within(picker).getByRole('button', { name: 'Cancel' }))
    expect(items()).toEqual([])
    expect(screen.queryByRole('dialog')).toBeNull()
    await addByKeyboard('Video')
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pick for Video 1' })).getByRole('button', { name: 'Bow' }))
    expect(items()).toEqual([expect.objectContaining({ id: 'Video-1', type: 'Video', name: 'Video 1', data: { streamId: 'alpha-bow' } })])
  })

  it('opens the grid control dialog, which previews the snap columns at once and puts them back on Cancel', async () => {
    const { client } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Grid settings' }))
    const dialog = await screen.findByRole('dialog', { name: 'Grid settings' })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Snap to grid' }))
    fireEvent.change(within(dialog).getByLabelText('Snap columns'), { target: { value: '3' } })
    expect(client.grid.getState().settings).toMatchObject({ snapToGrid: true, snapToGridColumns: 3 })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(client.grid.getState().settings).toMatchObject({ snapToGrid: false, snapToGridColumns: 2 })
  })

  it('names the wrong field, focuses it on Save and keeps the dialog open; a valid Save keeps the settings', async () => {
    const { client } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Grid settings' }))
    const dialog = await screen.findByRole('dialog', { name: 'Grid settings' })
    const columns = within(dialog).getByLabelText('Snap columns')
    fireEvent.change(columns, { target: { value: '13' } })
    expect(columns).toHaveAttribute('aria-invalid', 'true')
    expect(columns).toHaveAccessibleDescription('Snap columns must be a whole number from 1 to 12.')
    await expectNoAxeViolations(dialog)
    within(dialog).getByRole('button', { name: 'Save' }).focus()
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    })
    expect(document.activeElement).toBe(columns)
    expect(screen.getByRole('dialog', { name: 'Grid settings' })).toBeInTheDocument()
    fireEvent.change(columns, { target: { value: '4' } })
    fireEvent.change(within(dialog).getByLabelText('Minimum grid height (px)'), { target: { value: '500' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(client.grid.getState().settings).toMatchObject({ snapToGridColumns: 4, minGridHeight: 500 })
  })

  it('speaks German in German: the menu, new widget names and the dialog with its messages', async () => {
    const { client, items } = setup('de-DE')
    await act(() => client.i18n.getState().ready())
    await addByKeyboard('Map', 'Widget hinzufügen')
    expect(items()[0]).toMatchObject({ name: 'Map 1' })
    fireEvent.click(screen.getByRole('button', { name: 'Rastereinstellungen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rastereinstellungen' })
    const columns = within(dialog).getByLabelText('Rasterspalten')
    fireEvent.change(columns, { target: { value: '0' } })
    expect(columns).toHaveAccessibleDescription('Rasterspalten muss eine ganze Zahl von 1 bis 12 sein.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
  })
})
