import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '../provider/console-provider'
import type { WidgetDefinition } from '../widget/widget-definition'
import { DashboardToolbar } from './dashboard-toolbar'

const Nothing = () => null
const registry: WidgetDefinition[] = [
  { type: 'MissionExecStatus', title: 'Mission execution', description: 'Runs.', icon: '⚑', load: async () => ({ default: Nothing }), parse: (d) => d },
  { type: 'Map', title: 'Map', description: 'A map.', icon: '⌖', defaultSize: { w: 6, h: 5 }, load: async () => ({ default: Nothing }), parse: (d) => d },
]

function setup() {
  const client = createConsoleClient({
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

describe('DashboardToolbar', () => {
  it('offers the widget types by their titles and names new widgets after them, without axe violations', async () => {
    const { view, items } = setup()
    expect(screen.getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['MissionExecStatus', 'Mission execution'],
      ['Map', 'Map'],
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }))
    expect(items().map((i) => [i.id, i.type, i.name])).toEqual([
      ['MissionExecStatus-1', 'MissionExecStatus', 'Mission execution 1'],
      ['MissionExecStatus-2', 'MissionExecStatus', 'Mission execution 2'],
    ])
    await expectNoAxeViolations(view.container)
  })

  it("gives a new widget its definition's size in free layout, and the snap size in snap mode", () => {
    const { items } = setup()
    fireEvent.change(screen.getByLabelText('Widget'), { target: { value: 'Map' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }))
    expect(items()[0]).toMatchObject({ id: 'Map-1', name: 'Map 1', w: 6, h: 5 })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Snap to grid' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }))
    expect(items()[1]).toMatchObject({ id: 'Map-2', w: 1, h: 1 })
  })
})
