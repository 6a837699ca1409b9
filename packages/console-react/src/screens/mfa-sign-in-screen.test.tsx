import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@honu/core'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const ada = { uid: 'ada', email: 'ada@honu.test', password: 'correct horse', mfaCode: '424242' }
const adaRecord = { 'GET /api/v1/users/ada': { status: 200, body: { email: ada.email, permissions: { alpha: ['reader'] } } } }

/** Signs in with the password on the login screen; the account's second factor then opens the code screen. */
async function atSecondFactor() {
  const fake = consoleAt('/login', { accounts: [ada], server: adaRecord })
  await screen.findByRole('heading', { name: 'Sign in' })
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ada.email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: ada.password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  await screen.findByRole('heading', { name: 'Second factor' })
  return fake
}

describe('MfaSignInScreen', () => {
  it('sends the SMS code, takes it and finishes signing in', async () => {
    const { auth, router } = await atSecondFactor()
    expect(screen.getByText(/by SMS to \+\*+0100/)).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    const input = await screen.findByLabelText('One-time code')
    expect(auth.sentCodes).toEqual([ada.mfaCode])
    fireEvent.change(input, { target: { value: ada.mfaCode } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tenant')
  })

  it('a wrong code: says so, empties the field and lets the user try again', async () => {
    const { router } = await atSecondFactor()
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    fireEvent.change(await screen.findByLabelText('One-time code'), { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText(/code/i, { selector: '.honu-error' })).toHaveAttribute('role', 'alert')
    expect(screen.getByLabelText('One-time code')).toHaveValue('')
    expect(screen.getByLabelText('One-time code')).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/mfasignin')
    await expectNoAxeViolations(document.body)
  })

  it('an empty code is asked for', async () => {
    await atSecondFactor()
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    await screen.findByLabelText('One-time code')
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(screen.getByText('Enter the code.')).toHaveAttribute('role', 'alert')
  })

  it('without a pending challenge: says there is nothing to verify and links back to sign-in', async () => {
    consoleAt('/mfasignin')
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noMfaToResolve)
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
    expect(screen.queryByLabelText('One-time code')).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })
})
