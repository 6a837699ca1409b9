import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { createConsoleClient } from '@honu/core'
import { createMemoryStorage } from '@honu/core/testing'
import { consoleAt } from '../__fixtures__/console-at'
import { useDates, ConsoleProvider } from '@honu/console-kit'

describe('the console in German', () => {
  it("shows the sign-in screen in the host's German once it is loaded", async () => {
    consoleAt('/login', { locale: 'de-DE' })
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeInTheDocument()
    expect(document.querySelector('.honu-console')).toHaveAttribute('lang', 'de-DE')
    await expectNoAxeViolations(document.body)
  })

  it('never shows the sign-in screen in English first when the host starts in German', async () => {
    // Every change to the page until the German heading is there: none may carry the English one.
    const seen: string[] = []
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''))
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    consoleAt('/login', { locale: 'de-DE' })
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    observer.disconnect()
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((text) => text.includes('Sign in') || text.includes('Password'))).toEqual([])
  })

  it("switches languages when the user picks one in the preferences, over the host's", async () => {
    const { client } = consoleAt('/login')
    const heading = await screen.findByRole('heading', { name: 'Sign in' })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@honu.test' } })
    act(() => client.preferences.getState().setLocale('de-DE'))
    await act(() => client.i18n.getState().ready())
    // Re-rendered in place, not mounted afresh: the same heading, and what the user typed is still there.
    await waitFor(() => expect(heading).toHaveTextContent('Anmelden'))
    expect(heading).toBeInTheDocument()
    expect(screen.getByLabelText('E-Mail')).toHaveValue('ada@honu.test')
    act(() => client.preferences.getState().setLocale('en-US'))
    await act(() => client.i18n.getState().ready())
    expect(heading).toHaveTextContent('Sign in')
  })
})

describe('useDates', () => {
  const wrapperFor = (locale: string) => {
    const client = createConsoleClient({
      api: { baseUrl: 'http://api.test' },
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
      locale,
    })
    return ({ children }: { children: ReactNode }) => <ConsoleProvider client={client}>{children}</ConsoleProvider>
  }

  it('shows record dates in US English with a 12-hour clock (spec §9)', () => {
    const { result } = renderHook(() => useDates(), { wrapper: wrapperFor('en-US') })
    expect(result.current.utc('2026-11-22T13:05:09Z')).toBe('Sun, Nov 22, 2026, 1:05:09 PM UTC')
    expect(result.current.joined('2026-11-22T13:05:09Z')).toBe('Sun, Nov 22, 2026')
    expect(result.current.utc(null)).toBe('Unknown date')
  })

  it('shows them in German with a 24-hour clock, "Unknown date" too once German is loaded', async () => {
    const { result } = renderHook(() => useDates(), { wrapper: wrapperFor('de-DE') })
    expect(result.current.utc('2026-11-22T13:05:09Z')).toBe('So., 22. Nov. 2026, 13:05:09 UTC')
    expect(result.current.joined('2026-11-22T13:05:09Z')).toBe('So., 22. Nov. 2026')
    await waitFor(() => expect(result.current.utc('not a date')).toBe('Unbekanntes Datum'))
  })
})
