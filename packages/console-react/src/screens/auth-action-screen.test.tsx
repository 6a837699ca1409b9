import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const ada = { uid: 'ada', email: 'ada@honu.test', password: 'old secret' }

describe('AuthActionScreen: forgotten password', () => {
  it('sends a reset link and says so without telling whether the account exists', async () => {
    const { auth } = consoleAt('/auth/action', { accounts: [ada] })
    const heading = await screen.findByRole('heading', { name: 'Reset your password' })
    // Focus moves in an effect that runs just after the heading appears.
    await waitFor(() => expect(heading).toHaveFocus())
    await expectNoAxeViolations(document.body)
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ada.email } })
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(`If an account exists for ${ada.email}, we sent it a link`)
    expect(auth.resetCodes.get(ada.email)).toBeDefined()
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument()
  })

  it('an address that is not one: asks for a valid one and sends nothing', async () => {
    const { auth } = consoleAt('/auth/action', { accounts: [ada] })
    await screen.findByRole('heading', { name: 'Reset your password' })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada at honu' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid e-mail address.')
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(auth.resetCodes.size).toBe(0)
  })

  it('goes back to sign-in', async () => {
    const { router } = consoleAt('/auth/action')
    await screen.findByRole('heading', { name: 'Reset your password' })
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})

describe('AuthActionScreen: the link from the e-mail', () => {
  async function withResetCode() {
    const fake = consoleAt('/login', { accounts: [ada] })
    await fake.auth.sendPasswordResetEmail(ada.email)
    const code = fake.auth.resetCodes.get(ada.email)!
    await fake.router.navigate(`/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(code)}`)
    return fake
  }

  it('checks the code, names the account and sets the new password, which then signs in', async () => {
    const { auth } = await withResetCode()
    expect(await screen.findByText(`For ${ada.email}`)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new secret' } })
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'new secret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.')
    await expect(auth.signIn({ email: ada.email, password: 'new secret' })).resolves.toMatchObject({ uid: 'ada' })
  })

  it('two passwords that differ, or a short one: says so and changes nothing', async () => {
    const { auth } = await withResetCode()
    await screen.findByText(`For ${ada.email}`)
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc' } })
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'abc' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a password of at least 6 characters.')
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new secret' } })
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'new secrets' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords differ.')
    await expect(auth.signIn({ email: ada.email, password: ada.password })).resolves.toMatchObject({ uid: 'ada' })
  })

  it('an invalid or used code: says so with a link to ask for a new one, and no form', async () => {
    consoleAt('/auth/action?mode=resetPassword&oobCode=spent', { accounts: [ada] })
    // Worded by its code (auth/invalid-action-code) from the catalogue, not as the provider words it ('bad code').
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid, expired or already used.')
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/action')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })
})
