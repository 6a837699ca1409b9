import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createFakeAuthAdapter, createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { PartsPage } from '../__fixtures__/parts-page'
import { ConsoleProvider } from '@honu/console-kit'
import { Toaster } from '../toaster/toaster'
import { ChangePasswordDialog, PreferencesDialog } from './account-dialogs'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A console signed in as Ada (fake provider, the user record from a fake API), with a button opening `which`. */
async function withDialog(which: 'preferences' | 'password', options: { signedIn?: boolean; theme?: 'dark' | 'light'; locale?: string } = {}) {
  const auth = createFakeAuthAdapter({
    accounts: [{ uid: 'ada', email: 'ada@honu.test', password: 'old-pass-1' }],
    initialUser: options.signedIn === false ? undefined : { uid: 'ada', email: 'ada@honu.test' },
  })
  const storage = { local: createMemoryStorage(), session: createMemoryStorage() }
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: async () => json(200, { email: 'ada@honu.test', permissions: { alpha: ['reader'] } }) },
    auth,
    scheduler: createManualScheduler(),
    storage,
    logger: { warn: vi.fn(), error: vi.fn() },
    locale: options.locale,
  })
  function Page() {
    const [open, setOpen] = useState(false)
    const Dialog = which === 'preferences' ? PreferencesDialog : ChangePasswordDialog
    return (
      <PartsPage theme={options.theme}>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <Dialog open={open} onOpenChange={setOpen} />
        <Toaster />
      </PartsPage>
    )
  }
  render(
    <ConsoleProvider client={client}>
      <Page />
    </ConsoleProvider>,
  )
  if (options.signedIn !== false) await waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
  await act(() => client.i18n.getState().ready())
  const user = userEvent.setup()
  const opener = screen.getByRole('button', { name: 'Open' })
  opener.focus()
  await user.keyboard('{Enter}')
  return { client, auth, storage, user, opener }
}

describe('PreferencesDialog', { timeout: 20_000 }, () => {
  it('loads when opened and shows the current choices: muted, dark, US English', async () => {
    await withDialog('preferences')
    const dialog = await screen.findByRole('dialog', { name: 'Preferences' })
    expect(screen.getByRole('radio', { name: 'Muted' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Muted' })).toHaveAccessibleDescription('Every notification, shown quietly without interrupting.')
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
    // Nobody chose a language: the console's default, named.
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('The console’s default: American English')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Muted' })).toHaveFocus())
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expectNoAxeViolations(document.body)
  })

  it('keyboard only: Tab between the groups, Space picks; each choice applies at once and is remembered for the user', async () => {
    const { client, storage, user, opener } = await withDialog('preferences')
    await screen.findByRole('dialog', { name: 'Preferences' })
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Muted' })).toHaveFocus())
    // Arrow keys move within a native radio group in browsers (e2e/preferences.spec.ts); jsdom has no such behaviour.
    screen.getByRole('radio', { name: 'Off' }).focus()
    await user.keyboard(' ')
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked()
    expect(client.preferences.getState().notifications).toBe('off')
    await user.tab()
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveFocus()
    screen.getByRole('radio', { name: 'Light' }).focus()
    await user.keyboard(' ')
    expect(client.preferences.getState().theme).toBe('light')
    await user.tab()
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de-DE')
    expect(client.preferences.getState().locale).toBe('de-DE')
    expect(JSON.parse(storage.local.getItem('honu:preferences:ada')!)).toEqual({ notifications: 'off', theme: 'light', locale: 'de-DE' })
    // And back to following the console's default.
    await user.selectOptions(screen.getByRole('combobox', { name: /Sprache|Language/ }), '')
    expect(client.preferences.getState().locale).toBeUndefined()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(opener).toHaveFocus()
  })

  it('speaks German when the console does, the languages each named in their own', async () => {
    await withDialog('preferences', { locale: 'de-DE' })
    const dialog = await screen.findByRole('dialog', { name: 'Einstellungen' })
    expect(screen.getByRole('radio', { name: 'Stumm' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveDisplayValue('Standard der Konsole: Deutsch (Deutschland)')
    expect(screen.getByRole('option', { name: 'Deutsch (Deutschland)' })).toHaveAttribute('lang', 'de-DE')
    expect(screen.getByRole('option', { name: 'American English' })).toHaveAttribute('lang', 'en-US')
    await expectNoAxeViolations(dialog)
  })

  it('has no axe violations in the light theme', async () => {
    await withDialog('preferences', { theme: 'light' })
    await screen.findByRole('dialog', { name: 'Preferences' })
    await expectNoAxeViolations(document.body)
  })
})

describe('ChangePasswordDialog', { timeout: 20_000 }, () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, next: string, confirmation = next) => {
    await user.type(screen.getByLabelText('New password'), next)
    await user.type(screen.getByLabelText('Confirm new password'), confirmation)
  }

  it('changes the password from the keyboard, closes and says so', async () => {
    const { client, user, opener } = await withDialog('password')
    await screen.findByRole('dialog', { name: 'Change password' })
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus())
    await expectNoAxeViolations(document.body)
    await fill(user, 'new-pass-2')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed.')
    expect(opener).toHaveFocus()
    await act(() => client.signOut())
    await expect(client.auth.signIn({ email: 'ada@honu.test', password: 'new-pass-2' })).resolves.toBe('signed-in')
  })

  it('checks before sending: too short, then two passwords that differ, each on its field', async () => {
    const { auth, user } = await withDialog('password')
    await screen.findByRole('dialog', { name: 'Change password' })
    const change = vi.spyOn(auth, 'changePassword')
    await fill(user, 'abc')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Use at least 6 characters.'))
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Use at least 6 characters.')
    await user.clear(screen.getByLabelText('New password'))
    await user.clear(screen.getByLabelText('Confirm new password'))
    await fill(user, 'long-enough', 'long-enougH')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The two passwords differ.'))
    await waitFor(() => expect(screen.getByLabelText('Confirm new password')).toHaveFocus())
    expect(change).not.toHaveBeenCalled()
    await expectNoAxeViolations(document.body)
  })

  it('a sign-in too old for it: asks for the current password, re-authenticates, then changes', async () => {
    const { client, auth, user } = await withDialog('password')
    await screen.findByRole('dialog', { name: 'Change password' })
    auth.requireRecentLogin(true)
    await fill(user, 'new-pass-3')
    await user.keyboard('{Enter}')
    const current = await screen.findByLabelText('Current password')
    await waitFor(() => expect(current).toHaveFocus())
    expect(screen.getByRole('status')).toHaveTextContent('For your security, enter your current password to change it.')
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement()
    await expectNoAxeViolations(document.body)
    // A wrong current password: said in the dialog, on its field, and left as a toast.
    await user.type(current, 'not-it')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That is not your current password.'))
    expect(client.toasts.getState().toasts.map((t) => [t.message, t.tone])).toEqual([
      ['Password not changed: That is not your current password.', 'negative'],
    ])
    await user.clear(current)
    await user.type(current, 'old-pass-1')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await act(() => client.signOut())
    await expect(client.auth.signIn({ email: 'ada@honu.test', password: 'new-pass-3' })).resolves.toBe('signed-in')
  })

  it("nobody signed in: 'Could not change password, User not defined' (spec §5)", async () => {
    const { client, user } = await withDialog('password', { signedIn: false })
    await screen.findByRole('dialog', { name: 'Change password' })
    await fill(user, 'new-pass-4')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not change password, User not defined'))
    expect(client.toasts.getState().toasts.map((t) => t.message)).toEqual(['Could not change password, User not defined'])
  })
})
