import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, within } from 'storybook/test'
import { createConsoleClient, HttpError } from '@honu/core'
import { createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { alphaAlone, alphaSeenWithBravo, ready } from './tenant-fixtures'
import { TenantView } from './tenant-view'

const meta = {
  title: 'Widgets/TenantView',
  component: TenantView,
  args: {
    tenant: { id: 'alpha', name: 'Alpha Harbour' },
    topology: ready(alphaSeenWithBravo),
    canRename: true,
    onRename: fn(async (name: string) => name),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      // The console's root, whose design tokens and button styles the widget uses; a tile's size at 1920 px.
      <div className="honu-console" data-theme="dark" style={{ width: 420, height: 620 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TenantView>

export default meta
type Story = StoryObj<typeof meta>

/** Alpha as its admin sees it (also a reader in Bravo): the remote network overlaps Bravo's, named. */
export const AdminSeesOverlap: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 4, name: 'Alpha Harbour' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Rename Alpha Harbour' })).toBeVisible()
    await expect(canvas.getByText('Overlaps the remote network 10.10.128.0/20 of Bravo Fleet.')).toBeVisible()
    const table = canvas.getByRole('table', { name: 'Devices of Alpha Harbour by kind and state' })
    await expect(within(table).getByRole('row', { name: /^All kinds/ })).toHaveTextContent('All kinds3137')
  },
}

/** A reader of Alpha alone: the same figures, no rename control, and no other tenant named. */
export const Reader: Story = {
  args: { canRename: false, topology: ready(alphaAlone) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 4, name: 'Alpha Harbour' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /Rename/ })).toBeNull()
    await expect(canvas.queryByText(/Bravo/)).toBeNull()
  },
}

/** Renaming from the keyboard: Rename, type, Enter; the saved name is announced and focus is back on Rename. */
export const RenameFromTheKeyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    canvas.getByRole('button', { name: 'Rename Alpha Harbour' }).focus()
    await userEvent.keyboard('{Enter}')
    const field = canvas.getByRole('textbox', { name: 'Tenant name' })
    await expect(field).toHaveFocus()
    await userEvent.keyboard('Alpha North{Enter}')
    await expect(args.onRename).toHaveBeenCalledWith('Alpha North')
    await expect(await canvas.findByText('Tenant renamed to Alpha North.')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Rename Alpha Harbour' })).toHaveFocus()
  },
}

/** A blank name is refused in place, with the reason tied to the field. */
export const RenameBlank: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Tenant name' }))
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter the tenant’s name.')
    await expect(canvas.getByRole('textbox', { name: 'Tenant name' })).toHaveAttribute('aria-invalid', 'true')
    await expect(args.onRename).not.toHaveBeenCalled()
  },
}

/** The server refuses: "Error renaming tenant" with its reason, the field keeps what was typed. */
export const RenameRefused: Story = {
  args: {
    onRename: fn((_name: string) =>
      Promise.reject<string>(
        new HttpError({ code: 'http/forbidden', status: 403, message: 'You need to be an admin of this tenant to rename this tenant.' }),
      ),
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await userEvent.keyboard('Alpha North{Enter}')
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Error renaming tenant: You need to be an admin of this tenant to rename this tenant.',
    )
    await expect(canvas.getByRole('textbox', { name: 'Tenant name' })).toHaveValue('Alpha North')
  },
}

/** The networks and devices on their way: the name already shows. */
export const Loading: Story = {
  args: { topology: { status: 'loading', presence: 'idle' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading the tenant’s networks and devices…')).toBeVisible()
  },
}

/** The first load failed: why, and Try again. */
export const LoadFailed: Story = {
  args: {
    topology: {
      status: 'failed',
      presence: 'idle',
      error: new HttpError({ code: 'http/network', status: 0, message: 'Could not reach the server (GET tenants).' }),
    },
  },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not reach the server. Check your connection.')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

/** The live channel refused the tenant's device states: every device counts as offline, and the widget says so. */
export const LiveStatesRefused: Story = {
  args: { topology: { ...ready(alphaSeenWithBravo), presence: 'refused' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live states are not available for this tenant; every device counts as offline.')).toBeVisible()
  },
}

/** In German (the console's language, from its client): names, warnings and the table's words. */
export const German: Story = {
  decorators: [
    (Story) => {
      const [client] = useState(() =>
        createConsoleClient({
          api: { baseUrl: 'http://127.0.0.1:1' },
          locale: 'de-DE',
          storage: { local: createMemoryStorage(), session: createMemoryStorage() },
        }),
      )
      return (
        <ConsoleProvider client={client}>
          <Story />
        </ConsoleProvider>
      )
    },
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Alpha Harbour umbenennen' })).toBeVisible()
    await expect(canvas.getByText('Überschneidet sich mit dem Remote-Netzwerk 10.10.128.0/20 von Bravo Fleet.')).toBeVisible()
    await expect(canvas.getByRole('table', { name: 'Geräte von Alpha Harbour nach Art und Zustand' })).toBeVisible()
  },
}
