import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

describe('the console in German', () => {
  it("shows the sign-in screen in the host's German once it is loaded", async () => {
    consoleAt('/login', { locale: 'de-DE' })
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeInTheDocument()
    expect(document.querySelector('.honu-console')).toHaveAttribute('lang', 'de-DE')
    await expectNoAxeViolations(document.body)
  })

  it("switches languages when the user picks one in the preferences, over the host's", async () => {
    const { client } = consoleAt('/login')
    await screen.findByRole('heading', { name: 'Sign in' })
    act(() => client.preferences.getState().setLocale('de-DE'))
    await act(() => client.i18n.getState().ready())
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    act(() => client.preferences.getState().setLocale('en-US'))
    await act(() => client.i18n.getState().ready())
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })
})
