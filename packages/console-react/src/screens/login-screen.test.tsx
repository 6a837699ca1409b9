import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const ada = { uid: 'ada', email: 'ada@honu.test', password: 'correct horse' }
const adaRecord = { 'GET /api/v1/users/ada': { status: 200, body: { email: ada.email, permissions: { alpha: ['reader'] } } } }

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('LoginScreen', () => {
  it('signs in and goes on to choose a tenant; the form has no axe violations and its heading has focus', async () => {
    const { router, requests } = consoleAt('/login', { accounts: [ada], server: adaRecord })
    const heading = await screen.findByRole('heading', { name: 'Sign in' })
    // Focus moves in an effect that runs just after the heading appears.
    await waitFor(() => expect(heading).toHaveFocus())
    await expectNoAxeViolations(document.body)
    fill(ada.email, ada.password)
    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tenant')
    expect(requests).toContain('GET /api/v1/users/ada')
  })

  it('a wrong password: says so, empties the password, keeps the e-mail and stays', async () => {
    const { router } = consoleAt('/login', { accounts: [ada], server: adaRecord })
    await screen.findByRole('heading', { name: 'Sign in' })
    fill(ada.email, 'wrong')
    // The form's own error (the console's toast says 'Error logging in' as well).
    expect(await screen.findByText('Wrong e-mail or password.')).toHaveAttribute('role', 'alert')
    expect(screen.getByLabelText('Password')).toHaveValue('')
    expect(screen.getByLabelText('E-mail')).toHaveValue(ada.email)
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/login')
    await expectNoAxeViolations(document.body)
  })

  it('empty fields: asks for them without calling the provider', async () => {
    const { auth } = consoleAt('/login', { accounts: [ada] })
    await screen.findByRole('heading', { name: 'Sign in' })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your e-mail and password.')
    expect(auth.tokenCount).toBe(0)
  })

  it('an account with a second factor goes on to the code screen', async () => {
    const { router } = consoleAt('/login', { accounts: [{ ...ada, mfaCode: '123456' }], server: adaRecord })
    await screen.findByRole('heading', { name: 'Sign in' })
    fill(ada.email, ada.password)
    expect(await screen.findByRole('heading', { name: 'Second factor' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/mfasignin')
  })

  it('after the server ended the session, says why above the form', async () => {
    const { client } = consoleAt('/login')
    await screen.findByRole('heading', { name: 'Sign in' })
    act(() => client.session.setState({ notice: 'session-ended' }))
    expect(screen.getByRole('alert')).toHaveTextContent(/session/i)
    await expectNoAxeViolations(document.body)
  })

  it('links to the password reset', async () => {
    const { router } = consoleAt('/login')
    await screen.findByRole('heading', { name: 'Sign in' })
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }))
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/action')
  })
})
