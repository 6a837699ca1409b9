import { describe, expect, it, vi } from 'vitest'
import { AuthError } from '../errors/auth-error'
import { ConsoleError } from '../errors/console-error'
import { failedToFetchUserData } from '../errors/messages'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createPreferencesStore } from '../stores/preferences-store'
import { toAuthError } from '../auth/create-auth-service'
import { createI18nStore } from './create-i18n-store'
import { HttpError } from '../errors/http-error'
import { describeError } from './error-messages'
import { serverWords } from './server-words'

const i18nIn = async (locale: string) => {
  const i18n = createI18nStore({ preferences: createPreferencesStore(createMemoryStorage()), locale, logger: { warn: vi.fn(), error: vi.fn() } })
  // First use loads the language's module; wait until the formatter is renewed with it.
  const first = i18n.getState().t
  describeError(first, toAuthError({ code: 'auth/wrong-password' }), '')
  if (locale !== 'en-US') await vi.waitFor(() => expect(i18n.getState().t).not.toBe(first))
  return i18n.getState().t
}

describe('describeError', () => {
  it('words a provider error by our code, in US English as the auth service throws it', async () => {
    const t = await i18nIn('en-US')
    const error = toAuthError({ code: 'auth/wrong-password' })
    expect(error.message).toBe('Wrong e-mail or password.')
    expect(describeError(t, error, 'fallback')).toBe('Wrong e-mail or password.')
  })

  it('words the same error in German', async () => {
    const t = await i18nIn('de-DE')
    expect(describeError(t, toAuthError({ code: 'auth/wrong-password' }), 'x')).toBe('E-Mail-Adresse oder Passwort ist falsch.')
    expect(describeError(t, new AuthError({ code: 'auth/invalid-otp', message: 'Invalid or expired OTP Code' }), 'x')).toBe(
      'Ungültiger oder abgelaufener Einmalcode',
    )
    expect(describeError(t, new AuthError({ code: 'auth/no-user', message: 'Nobody is signed in.' }), 'x')).toBe(
      'Passwort konnte nicht geändert werden, kein Benutzer angemeldet',
    )
  })

  it("translates the spec's part of 'Failed to fetch user data' and keeps the server's words", async () => {
    const t = await i18nIn('de-DE')
    const error = new ConsoleError({ code: 'user/fetch-failed', message: failedToFetchUserData('User not found') })
    expect(describeError(t, error, 'x')).toBe('Benutzerdaten konnten nicht abgerufen werden: User not found')
  })

  it('shows the message of a code the catalogue does not word, and the fallback for anything else', async () => {
    const t = await i18nIn('de-DE')
    expect(describeError(t, new ConsoleError({ code: 'http/status', message: 'Name taken' }), 'x')).toBe('Name taken')
    expect(describeError(t, new Error('raw'), 'Etwas ist schiefgegangen.')).toBe('Etwas ist schiefgegangen.')
  })
})

describe('serverWords', () => {
  it("is the server's own message of a refusal, and nothing for an answer without one or for anything else", () => {
    const refusal = new HttpError({
      code: 'http/status',
      message: 'HTTP 409',
      status: 409,
      body: { code: 'not-in-control', message: 'Ada Admin is in control of USV Kahu.' },
    })
    expect(serverWords(refusal)).toBe('Ada Admin is in control of USV Kahu.')
    expect(serverWords(new HttpError({ code: 'http/status', message: 'HTTP 502', status: 502, body: '<html>bad gateway</html>' }))).toBeUndefined()
    expect(serverWords(new HttpError({ code: 'http/status', message: 'HTTP 409', status: 409, body: { message: '' } }))).toBeUndefined()
    expect(serverWords(new HttpError({ code: 'http/network', message: 'Could not reach the server', status: 0 }))).toBeUndefined()
    expect(serverWords(new Error('plain'))).toBeUndefined()
  })
})
