import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DateLocale } from '../dates/format-date'
import type { Logger } from '../platform/logger'
import type { PreferencesStore } from '../stores/preferences-store'
import { LOCALE_DATES, resolveLocale, type LocaleTag, type MessageBook, type TranslationLoaders, type Translations } from './define-messages'
import { formatParts, parseMessage, type MessageValues } from './format-message'

/** Formats a book's message in the active language. */
export type Translate = <M extends Readonly<Record<string, string>>>(book: MessageBook<M>, key: keyof M & string, values?: MessageValues) => string

/**
 * Formats a book's US English message without a console: for the rare UI that renders outside a provider (an
 * error boundary above it). Parses on every call; a console's `t` caches.
 */
export const translateSource: Translate = (book, key, values) => formatParts(parseMessage(book.messages[key] ?? key), 'en-US', values)

/** The console's language. */
export interface I18nState {
  /** The language the messages show in now. A chosen language becomes active once its messages are loaded. */
  locale: LocaleTag
  /** How dates show in the active language (first day of the week, 12- or 24-hour clock). */
  dates: DateLocale
  /** The host's language (the provider's `locale`); a user's choice in the preferences wins over it. */
  hostLocale: string | undefined
  /** A chosen language is being loaded. */
  loading: boolean
  /**
   * Formats a message in the active language; a new function whenever the language or its loaded messages change,
   * so a React selector of it re-renders.
   */
  t: Translate
  /** Sets the host's language (`undefined`: US English). */
  setHostLocale(tag: string | undefined): void
  /** Resolves once the chosen language is active (at once when it is). */
  ready(): Promise<void>
  /** Whether a package's translations for the active language are loaded (always true in US English). */
  prepared(translations: TranslationLoaders): boolean
  /**
   * Loads a package's translations for the active language before its first message shows, so a console that
   * starts in German never shows English first; resolves when they are there (or failed, then English stays).
   */
  prepare(translations: TranslationLoaders): Promise<void>
}

/** The console's language store. */
export type I18nStore = StoreApi<I18nState>

/** Options of {@link createI18nStore}. */
export interface I18nStoreOptions {
  /** The user's choice (`locale` of the preferences) wins over the host's. */
  preferences: PreferencesStore
  /** The host's language. Default US English. */
  locale?: string
  logger: Logger
}

/**
 * Creates the language store of one console: the active language, chosen by the user's preferences or else by
 * the host, and a `t` that formats messages in it. A language other than US English becomes active once the
 * translations of every package whose messages were shown so far are loaded, so a switch never shows half the
 * screen in one language; a package first shown later loads its translations then (US English until they come).
 *
 * @example
 * const i18n = createI18nStore({ preferences, locale: 'de-DE', logger })
 * i18n.getState().t(loginMessages, 'title') // 'Anmelden' once German is loaded
 */
export function createI18nStore(options: I18nStoreOptions): I18nStore {
  const { preferences, logger } = options
  // Per instance: the translation modules loaded (by loader) and the messages parsed (by text).
  const loaded = new Map<() => Promise<Translations>, Translations>()
  const loading = new Map<() => Promise<Translations>, Promise<void>>()
  const parsed = new Map<string, ReturnType<typeof parseMessage>>()
  const seen = new Set<MessageBook>()
  // Packages prepared before their first message (the console root's): loaded with every later switch too.
  const known = new Set<TranslationLoaders>()
  let target: LocaleTag
  let settled: Promise<void> = Promise.resolve()

  const load = (loader: () => Promise<Translations>): Promise<void> => {
    let pending = loading.get(loader)
    if (!pending) {
      pending = loader().then(
        (translations) => void loaded.set(loader, translations),
        (error: unknown) => {
          // A chunk that cannot load (the console was updated, the server is gone): the messages stay English.
          logger.error('[honu] Could not load translations:', error)
        },
      )
      loading.set(loader, pending)
    }
    return pending
  }

  const makeT =
    (locale: LocaleTag): Translate =>
    (book, key, values) => {
      seen.add(book)
      const loader = locale === 'en-US' ? undefined : book.translations[locale]
      const translations = loader && loaded.get(loader)
      // A package shown for the first time in this language: load its translations and show them when they come.
      // (Loading starts once per loader; a failed one is not retried, the messages stay English.)
      if (loader && !translations && !loading.has(loader)) {
        void load(loader).then(() => store.getState().locale === locale && refresh())
      }
      const text = translations?.[book.id]?.[key] ?? book.messages[key] ?? key
      let parts = parsed.get(text)
      if (!parts) parsed.set(text, (parts = parseMessage(text)))
      return formatParts(parts, locale, values)
    }
  const refresh = () => store.setState({ t: makeT(store.getState().locale) })

  const choose = () => {
    const next = resolveLocale(preferences.getState().locale ?? store.getState().hostLocale)
    if (next === target) return
    target = next
    store.setState({ loading: true })
    const loaders = [...[...seen].map((book) => book.translations), ...known].map((translations) =>
      next === 'en-US' ? undefined : translations[next],
    )
    settled = Promise.all([...new Set(loaders)].map((loader) => loader && load(loader))).then(() => {
      if (target !== next) return
      store.setState({ locale: next, dates: LOCALE_DATES[next], loading: false, t: makeT(next) })
    })
  }

  const initial = resolveLocale(preferences.getState().locale ?? options.locale)
  target = initial
  const store: I18nStore = createStore<I18nState>()(() => ({
    locale: initial,
    dates: LOCALE_DATES[initial],
    hostLocale: options.locale,
    loading: false,
    t: makeT(initial),
    setHostLocale: (tag) => {
      store.setState({ hostLocale: tag })
      choose()
    },
    ready: () => settled,
    prepared: (translations) => {
      const { locale } = store.getState()
      const loader = locale === 'en-US' ? undefined : translations[locale]
      return !loader || loaded.has(loader)
    },
    prepare: (translations) => {
      known.add(translations)
      const { locale } = store.getState()
      const loader = locale === 'en-US' ? undefined : translations[locale]
      if (!loader || loaded.has(loader)) return Promise.resolve()
      return load(loader).then(() => void (store.getState().locale === locale && refresh()))
    },
  }))
  preferences.subscribe((now, before) => now.locale !== before.locale && choose())
  return store
}
