import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useState } from 'react'
import { createConsoleClient } from '@honu/core'
import { createWorkspaceActions, type WidgetType } from '@honu/core/grid'
import { createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider, Dashboard, DashboardToolbar } from '@honu/console-react'
import { widgetDefinitions } from '../registry'

/** A console of its own per story (memory storage, no server), with a few widgets already placed. */
function DashboardStory({ types, snapToGrid }: { types: WidgetType[]; snapToGrid: boolean }) {
  const [client] = useState(() => {
    const c = createConsoleClient({
      api: { baseUrl: 'http://127.0.0.1:8080' },
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    })
    const actions = createWorkspaceActions(c.grid)
    types.forEach((type, i) => actions.add('stream-view', { id: `${type}-${i + 1}`, type, name: `${type} ${i + 1}` }))
    if (snapToGrid) actions.setSnapToGrid(true)
    return c
  })
  return (
    <ConsoleProvider client={client}>
      <div className="honu-console" data-theme="dark" style={{ padding: 16 }}>
        <DashboardToolbar workspace="stream-view" registry={widgetDefinitions} />
        <Dashboard workspace="stream-view" label="Stream view" registry={widgetDefinitions} />
      </div>
    </ConsoleProvider>
  )
}

const meta = {
  title: 'Widgets/Dashboard',
  component: DashboardStory,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DashboardStory>

export default meta
type Story = StoryObj<typeof meta>

/** Free layout: drag by the handle, resize from the corner, or focus a widget and press Enter to move it with the keyboard. */
export const SeveralWidgets: Story = {
  args: { types: ['Video', 'Video', 'Map', 'Vehicle', 'Tenant'], snapToGrid: false },
  play: async ({ canvas, userEvent }) => {
    const map = await canvas.findByRole('group', { name: 'Map 3' })
    map.focus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByText(/Map 3 lifted at column/)).toBeInTheDocument()
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    await expect(await canvas.findByText(/Map 3 resized to column \d+, row \d+, \d+ wide/)).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await expect(await canvas.findByText(/Cancelled\. Map 3 is back at column/)).toBeInTheDocument()
    expect(within(map).getByRole('button', { name: 'Minimise: Map 3' })).toBeInTheDocument()
  },
}

/** Snap-to-grid: two columns of equal tiles; minimising sends a widget to the tray and the rest close up. */
export const SnapToGrid: Story = {
  args: { types: ['Video', 'Video', 'Map', 'Map'], snapToGrid: true },
  play: async ({ canvas, userEvent }) => {
    const map = await canvas.findByRole('group', { name: 'Map 3' })
    await userEvent.click(within(map).getByRole('button', { name: 'Minimise: Map 3' }))
    const tray = await canvas.findByRole('list', { name: 'Minimised widgets' })
    expect(canvas.queryByRole('group', { name: 'Map 3' })).not.toBeInTheDocument()
    await userEvent.click(within(tray).getByRole('button', { name: 'Restore Map 3' }))
    await expect(await canvas.findByRole('group', { name: 'Map 3' })).toBeVisible()
  },
}
