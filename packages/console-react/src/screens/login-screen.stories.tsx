import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const ada = { uid: 'ada', email: 'ada@honu.test', password: 'correct horse' }
const adaRecord = { 'GET /api/v1/users/ada': { status: 200, body: { email: ada.email, permissions: { alpha: ['reader'] } } } }
const tenants = { 'GET /api/v1/tenants': { status: 200, body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] } } }

/** The sign-in screen (spec §2 `login`) of the whole console, against a fake server and identity provider. */
const meta = {
  title: 'Console/Screens/Login',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/login', accounts: [ada], server: { ...adaRecord, ...tenants } },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** Signing in from the keyboard: the heading has focus, Tab reaches each field, Enter submits, the tenant choice follows. */
export const SignIn: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { name: 'Sign in' })
    await waitFor(() => expect(heading).toHaveFocus())
    await userEvent.tab()
    expect(canvas.getByLabelText('E-mail')).toHaveFocus()
    await userEvent.keyboard(ada.email)
    await userEvent.tab()
    expect(canvas.getByLabelText('Password')).toHaveFocus()
    await userEvent.keyboard(`${ada.password}{Enter}`)
    await expect(await canvas.findByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
    expect(storyConsole().path).toBe('/tenant')
  },
}

/** A wrong password: the error is announced, the password emptied, the e-mail kept. */
export const WrongPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('E-mail'), ada.email)
    await userEvent.type(canvas.getByLabelText('Password'), 'wrong horse')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }))
    await expect(await canvas.findByText('Wrong e-mail or password.')).toHaveAttribute('role', 'alert')
    expect(canvas.getByLabelText('Password')).toHaveValue('')
    expect(canvas.getByLabelText('E-mail')).toHaveValue(ada.email)
    expect(canvas.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(storyConsole().path).toBe('/login')
  },
}

/** Nothing typed: asks for both fields and sends nothing (the console's health check as it mounted aside). */
export const EmptyForm: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter your e-mail and password.')
    expect(storyConsole().server.requests.filter((request) => request !== 'GET /health')).toEqual([])
  },
}

/** After the server refused the session: the sign-in page says it ended. */
export const SessionEnded: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Sign in' })
    storyConsole().client.session.setState({ notice: 'session-ended' })
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/session/i)
  },
}

/** "Forgot your password?" leads to the reset form. */
export const ForgotPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Forgot your password?' }))
    await expect(await canvas.findByRole('heading', { name: 'Reset your password' })).toBeVisible()
    expect(storyConsole().path).toBe('/auth/action')
  },
}

/** The host chose German: the screen speaks German (loaded on demand), marks its language, and signs in the same way. */
export const InGerman: Story = {
  args: { locale: 'de-DE' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'Anmelden' })).toBeVisible()
    expect(canvasElement.querySelector('.honu-console')).toHaveAttribute('lang', 'de-DE')
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent('Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.')
    await userEvent.type(canvas.getByLabelText('E-Mail'), ada.email)
    await userEvent.type(canvas.getByLabelText('Passwort'), `${ada.password}{Enter}`)
    await waitFor(() => expect(storyConsole().path).toBe('/tenant'))
  },
}

/** SignIn in the light theme (axe checks its contrast too). */
export const SignInLight: Story = inLightTheme(SignIn)

/** WrongPassword in the light theme (axe checks its contrast too). */
export const WrongPasswordLight: Story = inLightTheme(WrongPassword)
