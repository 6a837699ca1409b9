import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { StoryConsole, storyConsole } from '../__fixtures__/story-console'

const wes = { uid: 'wes', email: 'wes@honu.test', password: 'correct horse' }

/**
 * The user menu's dialogs as an operator uses them (the header itself is in main-layout.stories.tsx): preferences
 * that apply at once, and a password change that the next sign-in accepts.
 */
const meta = {
  title: 'Console/Layouts/Main header/Account',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: {
    path: '/collaboration',
    signedInAs: wes,
    accounts: [wes],
    tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' },
    server: {
      'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'], bravo: ['reader'] } } },
      'GET /api/v1/tenants': { status: 200, body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] } },
      'GET /api/v1/videos': { status: 200, body: { data: [] } },
    },
  },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/**
 * The user menu opens with Enter on its button; Arrow keys reach Preferences; in the dialog the light theme and
 * German apply at once; Escape closes it and focus goes back to the menu button.
 */
export const Preferences: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })
    const account = canvas.getByRole('button', { name: `Account: ${wes.email}` })
    account.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await canvas.findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    const dialog = await canvas.findByRole('dialog', { name: 'Preferences' })
    const light = within(dialog).getByRole('radio', { name: 'Light' })
    light.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(canvasElement.querySelector('.honu-console')).toHaveAttribute('data-theme', 'light'))
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'de-DE')
    await waitFor(() => expect(canvasElement.querySelector('.honu-console')).toHaveAttribute('lang', 'de-DE'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await waitFor(() => expect(canvas.getByRole('button', { name: /wes@honu\.test/ })).toHaveFocus())
    expect(storyConsole().client.preferences.getState()).toMatchObject({ theme: 'light', locale: 'de-DE' })
  },
}

/** Change password from the user menu: the new password works for the next sign-in. */
export const ChangePassword: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })
    await userEvent.click(canvas.getByRole('button', { name: `Account: ${wes.email}` }))
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Change password' }))
    const dialog = await canvas.findByRole('dialog', { name: 'Change password' })
    const fields = within(dialog)
      .getAllByLabelText(/password/i)
      .filter((field) => field.tagName === 'INPUT')
    for (const field of fields) await userEvent.type(field, 'new secret')
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your password was changed.')
    await expect(storyConsole().auth.signIn({ email: wes.email, password: 'new secret' })).resolves.toMatchObject({ uid: 'wes' })
  },
}
