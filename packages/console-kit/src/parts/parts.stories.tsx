import type { Meta, StoryObj } from '@storybook/react-vite'
import { CircleUser, LogOut, Pencil, Settings, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { PartsPage } from './__fixtures__/parts-page'
import { Combobox } from './combobox'
import { ConfirmDialog, Dialog } from './dialog'
import { IconButton } from './icon-button'
import { MenuButton, MenuItem, MenuSeparator } from './menu-button'
import { Popover } from './popover'
import { Tooltip } from './tooltip'

/** The parts on the console's tokens, in the theme picked by the `theme` arg; each story drives one from the keyboard. */
function Stage({ theme, children }: { theme: 'dark' | 'light'; children: ReactNode }) {
  return (
    <PartsPage theme={theme}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 16, minHeight: 320, padding: 24 }}>{children}</div>
    </PartsPage>
  )
}

const meta = {
  title: 'Console/Parts',
  component: Stage,
  parameters: { layout: 'fullscreen' },
  args: { theme: 'dark', children: null },
  argTypes: { theme: { control: 'inline-radio', options: ['dark', 'light'] }, children: { table: { disable: true } } },
} satisfies Meta<typeof Stage>
export default meta
type Story = StoryObj<typeof meta>

function Chosen({ value }: { value: string }) {
  return <p role="status">Chosen: {value}</p>
}

function AccountMenu() {
  const [chosen, setChosen] = useState('nothing')
  return (
    <>
      <MenuButton label="Account: wes@honu.test" button="wes@honu.test" icon={CircleUser}>
        <MenuItem label="Preferences" icon={Settings} onSelect={() => setChosen('Preferences')} />
        <MenuItem label="Change password" onSelect={() => setChosen('Change password')} />
        <MenuSeparator />
        <MenuItem label="Sign out" icon={LogOut} onSelect={() => setChosen('Sign out')} />
      </MenuButton>
      <Chosen value={chosen} />
    </>
  )
}

/** A menu button: arrows, Home/End and typeahead move; Enter chooses; focus returns to the button. */
export const Menu: Story = {
  render: (args) => (
    <Stage {...args}>
      <AccountMenu />
    </Stage>
  ),
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Account: wes@honu.test' })
    button.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus())
    await userEvent.keyboard('c')
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Change password' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('status')).toHaveTextContent('Chosen: Change password')
    await waitFor(() => expect(button).toHaveFocus())
  },
}

function TenantMenu() {
  const [tenant, setTenant] = useState('Alpha Harbour')
  return (
    <MenuButton label={`Tenant: ${tenant}`} button={tenant} placement="bottom-start">
      {['Alpha Harbour', 'Bravo Bay', 'Charlie Cove'].map((name) => (
        <MenuItem key={name} label={name} checked={name === tenant} onSelect={() => setTenant(name)} />
      ))}
    </MenuButton>
  )
}

/** Radio items: the current choice is checked; Escape closes without choosing. */
export const MenuWithRadioItems: Story = {
  render: (args) => (
    <Stage {...args}>
      <TenantMenu />
    </Stage>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Tenant: Alpha Harbour' }))
    await expect(await canvas.findByRole('menuitemradio', { name: 'Alpha Harbour' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull())
    await userEvent.click(canvas.getByRole('button', { name: 'Tenant: Alpha Harbour' }))
    await userEvent.click(await canvas.findByRole('menuitemradio', { name: 'Bravo Bay' }))
    await expect(canvas.getByRole('button', { name: 'Tenant: Bravo Bay' })).toBeVisible()
  },
}

function PreferencesExample() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="honu-button" onClick={() => setOpen(true)}>
        Preferences
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Preferences"
        description="Saved for your account on every device."
        footer={
          <button type="button" className="honu-button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <form className="honu-form">
          <label htmlFor="story-display-name">Display name</label>
          <input id="story-display-name" defaultValue="Wes" />
        </form>
      </Dialog>
    </>
  )
}

/** A modal dialog: focus moves to its first field, Tab stays inside, Escape closes and focus returns. */
export const ModalDialog: Story = {
  render: (args) => (
    <Stage {...args}>
      <PreferencesExample />
    </Stage>
  ),
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Preferences' })
    await userEvent.click(opener)
    const dialog = await canvas.findByRole('dialog', { name: 'Preferences' })
    const field = within(dialog).getByRole('textbox', { name: 'Display name' })
    await waitFor(() => expect(field).toHaveFocus())
    await userEvent.tab()
    await userEvent.tab()
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus())
    await userEvent.tab()
    await waitFor(() => expect(field).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(opener).toHaveFocus())
  },
}

function DeleteExample() {
  const [open, setOpen] = useState(false)
  const [deleted, setDeleted] = useState(false)
  return (
    <>
      <IconButton label="Delete Harbour mouth" icon={Trash2} onClick={() => setOpen(true)} />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Harbour mouth?"
        description="Its tile leaves the dashboard. This cannot be undone."
        confirmLabel="Delete"
        danger
        onConfirm={() => setDeleted(true)}
      />
      <Chosen value={deleted ? 'deleted' : 'kept'} />
    </>
  )
}

/** A confirmation: Cancel has focus (Enter never destroys by accident); Delete confirms. */
export const Confirmation: Story = {
  render: (args) => (
    <Stage {...args}>
      <DeleteExample />
    </Stage>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Harbour mouth' }))
    const dialog = await canvas.findByRole('alertdialog', { name: 'Delete Harbour mouth?' })
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull())
    await expect(canvas.getByRole('status')).toHaveTextContent('Chosen: deleted')
  },
}

/** Icon buttons are named by their tooltips, which show on keyboard focus; a tooltip describes a labelled button. */
export const TooltipsAndIconButtons: Story = {
  render: (args) => (
    <Stage {...args}>
      <div style={{ display: 'flex', gap: 8 }}>
        <IconButton label="Edit Harbour mouth" icon={Pencil} />
        <IconButton label="Delete Harbour mouth" icon={Trash2} />
        <Tooltip content="Sorted by name, A to Z">
          <button type="button" className="honu-button honu-button--quiet">
            Sort
          </button>
        </Tooltip>
      </div>
    </Stage>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit Harbour mouth' })).toHaveFocus())
    await expect(await canvas.findByText('Edit Harbour mouth', { selector: '.honu-tooltip' })).toBeVisible()
    await userEvent.tab()
    await userEvent.tab()
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent('Sorted by name, A to Z')
    await expect(canvas.getByRole('button', { name: 'Sort' })).toHaveAccessibleDescription('Sorted by name, A to Z')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.queryByRole('tooltip')).toBeNull())
  },
}

/** A popover: a non-modal dialog by its button; Escape closes it and focus returns. */
export const PopoverStory: Story = {
  name: 'Popover',
  render: (args) => (
    <Stage {...args}>
      <Popover
        label="Stream details"
        trigger={
          <button type="button" className="honu-button honu-button--quiet">
            Details
          </button>
        }
      >
        {(close) => (
          <>
            <p>Harbour mouth: HLS, 1280×720.</p>
            <button type="button" className="honu-button" onClick={close}>
              Done
            </button>
          </>
        )}
      </Popover>
    </Stage>
  ),
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Details' })
    await userEvent.click(trigger)
    await expect(await canvas.findByRole('dialog', { name: 'Stream details' })).toBeVisible()
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Done' })).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

function StreamPicker() {
  const [value, setValue] = useState<string>()
  const options = [
    { value: 'v1', label: 'Harbour mouth', description: 'https://cams.test/harbour.m3u8' },
    { value: 'v2', label: 'Reef east', description: 'https://cams.test/reef' },
    { value: 'v3', label: 'Slipway', description: 'https://cams.test/slipway.mjpeg' },
  ]
  return (
    <div style={{ width: 320 }}>
      <Combobox label="Stream" options={options} value={value} onChange={setValue} placeholder="Type to filter" />
      <Chosen value={value ?? 'none'} />
    </div>
  )
}

/** A filterable combobox: typing filters, the arrows move the active option, Enter chooses. */
export const ComboboxStory: Story = {
  name: 'Combobox',
  render: (args) => (
    <Stage {...args}>
      <StreamPicker />
    </Stage>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: 'Stream' })
    await userEvent.click(input)
    await userEvent.keyboard('slip')
    const option = await canvas.findByRole('option', { name: /Slipway/ })
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', option.id))
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('status')).toHaveTextContent('Chosen: v3')
    await expect(input).toHaveValue('Slipway')
  },
}

/** The same parts in the light theme. */
export const MenuLight: Story = { ...Menu, args: { theme: 'light' } }
export const ModalDialogLight: Story = { ...ModalDialog, args: { theme: 'light' } }
