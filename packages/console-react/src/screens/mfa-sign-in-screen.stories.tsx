import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { messages } from '@honu/core'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const mia = { uid: 'mia', email: 'mia@honu.test', password: 'correct horse', mfaCode: '424242' }
const server = {
  'GET /api/v1/users/mia': { status: 200, body: { email: mia.email, permissions: { alpha: ['reader'] } } },
  'GET /api/v1/tenants': { status: 200, body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] } },
}

/** The SMS second factor (spec §2 `mfasignin`), reached by signing in with an account that has one. */
const meta = {
  title: 'Console/Screens/Second factor',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/login', accounts: [mia], server },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

type Play = NonNullable<Story['play']>
/** Signs in with the password; the account's second factor opens the code screen. */
const toSecondFactor = async ({ canvas, userEvent }: Parameters<Play>[0]) => {
  await userEvent.type(await canvas.findByLabelText('E-mail'), mia.email)
  await userEvent.type(canvas.getByLabelText('Password'), `${mia.password}{Enter}`)
  await canvas.findByRole('heading', { name: 'Second factor' })
}

/** Send the code, type it, press Enter: signed in, on to the tenant choice. */
export const SendAndVerify: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context
    await toSecondFactor(context)
    expect(storyConsole().path).toBe('/mfasignin')
    await expect(canvas.getByText(/by SMS to \+\*+0100/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }))
    const input = await canvas.findByLabelText('One-time code')
    expect(storyConsole().auth.sentCodes).toEqual([mia.mfaCode])
    await userEvent.type(input, `${mia.mfaCode}{Enter}`)
    await expect(await canvas.findByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
    expect(storyConsole().path).toBe('/tenant')
  },
}

/** A wrong code: said so, the field emptied and marked, still on the code screen. */
export const WrongCode: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context
    await toSecondFactor(context)
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }))
    await userEvent.type(await canvas.findByLabelText('One-time code'), '000000')
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(canvas.getByLabelText('One-time code')).toHaveAttribute('aria-invalid', 'true'))
    expect(canvas.getByLabelText('One-time code')).toHaveValue('')
    await expect(canvas.getByText(/code/i, { selector: '.honu-error' })).toHaveAttribute('role', 'alert')
    expect(storyConsole().path).toBe('/mfasignin')
  },
}

/** Opened without a pending sign-in: nothing to verify, and a way back to sign-in. */
export const WithoutChallenge: Story = {
  args: { path: '/mfasignin' },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(messages.noMfaToResolve)
    expect(canvas.queryByLabelText('One-time code')).not.toBeInTheDocument()
    await userEvent.click(canvas.getByRole('link', { name: 'Back to sign in' }))
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible()
  },
}

/** WrongCode in the light theme (axe checks its contrast too). */
export const WrongCodeLight: Story = inLightTheme(WrongCode)
