import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const ada = { uid: 'ada', email: 'ada@honu.test', password: 'correct horse' }

/** The password reset (spec §2 `auth/action`): asking for the link, and the link's own page. */
const meta = {
  title: 'Console/Screens/Auth action',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/auth/action', accounts: [ada] },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** Ask for a reset link: the answer never tells whether the account exists. */
export const RequestLink: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { name: 'Reset your password' })
    await waitFor(() => expect(heading).toHaveFocus())
    await userEvent.tab()
    await userEvent.keyboard(`${ada.email}{Enter}`)
    await expect(await canvas.findByRole('status')).toHaveTextContent(`If an account exists for ${ada.email}, we sent it a link`)
    expect(storyConsole().auth.resetCodes.has(ada.email)).toBe(true)
  },
}

/** Something that is not an address: asks for a valid one and sends nothing. */
export const InvalidAddress: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('E-mail'), 'ada at honu')
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter a valid e-mail address.')
    expect(canvas.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(storyConsole().auth.resetCodes.size).toBe(0)
  },
}

/** The link from the e-mail: names the account, refuses a short password, then sets the new one. */
export const NewPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'Reset your password' })
    const { auth, navigate } = storyConsole()
    await auth.sendPasswordResetEmail(ada.email)
    navigate(`/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(auth.resetCodes.get(ada.email)!)}`)
    await expect(await canvas.findByText(`For ${ada.email}`)).toBeVisible()
    await userEvent.type(canvas.getByLabelText('New password'), 'abc')
    await userEvent.type(canvas.getByLabelText('Repeat the new password'), 'abc')
    await userEvent.click(canvas.getByRole('button', { name: 'Save password' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent('Choose a password of at least 6 characters.')
    await userEvent.clear(canvas.getByLabelText('New password'))
    await userEvent.type(canvas.getByLabelText('New password'), 'new secret')
    await userEvent.clear(canvas.getByLabelText('Repeat the new password'))
    await userEvent.type(canvas.getByLabelText('Repeat the new password'), 'new secret{Enter}')
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your password has been changed.')
    await expect(auth.signIn({ email: ada.email, password: 'new secret' })).resolves.toMatchObject({ uid: 'ada' })
  },
}

/** A used or invalid code: says so, with no form. */
export const SpentCode: Story = {
  args: { path: '/auth/action?mode=resetPassword&oobCode=spent' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toBeVisible()
    expect(canvas.queryByLabelText('New password')).not.toBeInTheDocument()
  },
}

/** InvalidAddress in the light theme (axe checks its contrast too). */
export const InvalidAddressLight: Story = inLightTheme(InvalidAddress)
