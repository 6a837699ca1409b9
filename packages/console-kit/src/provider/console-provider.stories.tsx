import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { createConsoleClient } from '@honu/core'
import { createStaticFlagSource } from '@honu/core/flags'
import { createMemoryStorage } from '@honu/core/testing'
import { useFlags } from '../hooks/use-console-store'
import { ConsoleProvider } from './console-provider'

function FlagList() {
  const flags = useFlags((s) => s.flags)
  return (
    <ul>
      {Object.entries(flags).map(([name, on]) => (
        <li key={name}>
          {name}: {on ? 'on' : 'off'}
        </li>
      ))}
    </ul>
  )
}

const client = createConsoleClient({
  api: { baseUrl: 'http://127.0.0.1:8080' },
  flags: createStaticFlagSource({ mission_planning: true, beta_widgets: false }),
  storage: { local: createMemoryStorage(), session: createMemoryStorage() },
})

const meta = {
  title: 'Console/ConsoleProvider',
  component: ConsoleProvider,
  args: { client, children: <FlagList /> },
} satisfies Meta<typeof ConsoleProvider>

export default meta

/** A provider with static flags: its children read them through `useFlags`. */
export const WithStaticFlags: StoryObj<typeof meta> = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('mission_planning: on')).toBeVisible()
    expect(canvas.getByText('beta_widgets: off')).toBeVisible()
  },
}
