import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createPreferencesStore } from '../stores/preferences-store'
import { formatJoinedDate, formatUtcDate, weekdayNames } from '../dates/format-date'
import { createI18nStore } from './create-i18n-store'
import { defineMessages, resolveLocale, type Translations } from './define-messages'

const setup = (locale?: string) => {
  const german: Translations = { test: { title: 'Anmelden', streams: '{count, plural, one {# Stream} other {# Streams}}' } }
  const loadGerman = vi.fn(() => Promise.resolve(german))
  const book = defineMessages('test', { title: 'Sign in', streams: '{count, plural, one {# stream} other {# streams}}' }, { 'de-DE': loadGerman })
  const preferences = createPreferencesStore(createMemoryStorage())
  const logger = { warn: vi.fn(), error: vi.fn() }
  const i18n = createI18nStore({ preferences, locale, logger })
  return { book, i18n, preferences, loadGerman, logger }
}

describe('the language store', () => {
  it('speaks US English by default, with Sunday-first weeks and a 12-hour clock (spec §9)', () => {
    const { book, i18n, loadGerman } = setup()
    const { t, locale, dates } = i18n.getState()
    expect(locale).toBe('en-US')
    expect(t(book, 'title')).toBe('Sign in')
    expect(t(book, 'streams', { count: 1 })).toBe('1 stream')
    expect(dates).toEqual({ locale: 'en-US', weekStartsOn: 0, hour12: true })
    expect(weekdayNames(dates)[0]).toBe('Sun')
    expect(formatUtcDate('2026-11-22T13:05:09Z', dates)).toBe('Sun, Nov 22, 2026, 1:05:09 PM UTC')
    expect(loadGerman).not.toHaveBeenCalled()
  })

  it("switches to the host's German once the German messages are loaded, with Monday-first weeks and 24 hours", async () => {
    const { book, i18n } = setup()
    i18n.getState().t(book, 'title')
    i18n.getState().setHostLocale('de-DE')
    // Nothing half-switched: still English until German is there.
    expect(i18n.getState()).toMatchObject({ locale: 'en-US', loading: true })
    await i18n.getState().ready()
    const { t, locale, dates, loading } = i18n.getState()
    expect({ locale, loading }).toEqual({ locale: 'de-DE', loading: false })
    expect(t(book, 'title')).toBe('Anmelden')
    expect(t(book, 'streams', { count: 1234 })).toBe('1.234 Streams')
    expect(dates).toEqual({ locale: 'de-DE', weekStartsOn: 1, hour12: false })
    expect(weekdayNames(dates)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'])
    expect(formatUtcDate('2026-11-22T13:05:09Z', dates)).toBe('So., 22. Nov. 2026, 13:05:09 UTC')
    expect(formatJoinedDate('2026-11-22T13:05:09Z', dates)).toBe('So., 22. Nov. 2026')
  })

  it("lets the user's choice win over the host's, and follow the host again when cleared", async () => {
    const { i18n, preferences } = setup('de-DE')
    expect(i18n.getState().locale).toBe('de-DE')
    preferences.getState().setLocale('en-US')
    await i18n.getState().ready()
    expect(i18n.getState().locale).toBe('en-US')
    preferences.getState().setLocale(undefined)
    await i18n.getState().ready()
    expect(i18n.getState().locale).toBe('de-DE')
  })

  it('loads a book first shown in German, then re-renders it translated', async () => {
    const { book, i18n, loadGerman } = setup('de-DE')
    const before = i18n.getState().t
    expect(before(book, 'title')).toBe('Sign in')
    expect(loadGerman).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(i18n.getState().t).not.toBe(before))
    expect(i18n.getState().t(book, 'title')).toBe('Anmelden')
    expect(loadGerman).toHaveBeenCalledTimes(1)
  })

  it('stays English and logs when the translations cannot load, without trying again on every render', async () => {
    const preferences = createPreferencesStore(createMemoryStorage())
    const logger = { warn: vi.fn(), error: vi.fn() }
    const load = vi.fn(() => Promise.reject(new Error('chunk gone')))
    const book = defineMessages('x', { a: 'A' }, { 'de-DE': load })
    const i18n = createI18nStore({ preferences, logger })
    i18n.getState().t(book, 'a')
    i18n.getState().setHostLocale('de')
    await i18n.getState().ready()
    expect(i18n.getState().locale).toBe('de-DE')
    expect(i18n.getState().t(book, 'a')).toBe('A')
    i18n.getState().t(book, 'a')
    expect(load).toHaveBeenCalledTimes(1)
    expect(logger.error).toHaveBeenCalledWith('[honu] Could not load translations:', expect.any(Error))
  })

  it.each([
    [undefined, 'en-US'],
    ['de', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['DE-de', 'de-DE'],
    ['fr-FR', 'en-US'],
    ['en-GB', 'en-US'],
  ])('resolves %j to the shipped %s', (tag, expected) => {
    expect(resolveLocale(tag)).toBe(expected)
  })
})

describe('preparing a package before it shows', () => {
  it("loads a package's German before its first message, so nothing shows in English first", async () => {
    const { book, i18n, loadGerman } = setup('de-DE')
    expect(i18n.getState().prepared(book.translations)).toBe(false)
    await i18n.getState().prepare(book.translations)
    expect(loadGerman).toHaveBeenCalledTimes(1)
    expect(i18n.getState().prepared(book.translations)).toBe(true)
    expect(i18n.getState().t(book, 'title')).toBe('Anmelden')
  })

  it('has nothing to prepare in US English', async () => {
    const { book, i18n, loadGerman } = setup('en-US')
    expect(i18n.getState().prepared(book.translations)).toBe(true)
    await i18n.getState().prepare(book.translations)
    expect(loadGerman).not.toHaveBeenCalled()
  })
})

describe('a prepared package on a later switch', () => {
  it('is loaded before the switch shows, even if none of its messages showed yet', async () => {
    const { book, i18n, preferences, loadGerman } = setup('en-US')
    await i18n.getState().prepare(book.translations)
    expect(loadGerman).not.toHaveBeenCalled()
    preferences.getState().setLocale('de-DE')
    await i18n.getState().ready()
    expect(loadGerman).toHaveBeenCalledTimes(1)
    expect(i18n.getState().prepared(book.translations)).toBe(true)
    expect(i18n.getState().t(book, 'title')).toBe('Anmelden')
  })
})
