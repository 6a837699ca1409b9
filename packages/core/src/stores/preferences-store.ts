import { createStore, type StoreApi } from 'zustand/vanilla'
import { ConsoleError } from '../errors/console-error'
import type { Logger } from '../platform/logger'
import type { StorageAdapter } from '../platform/storage-adapter'
import { writeJson } from '../platform/storage-adapter'
import { DARK_MODE_DEFAULT } from '../constants/timing'
import type { PersistedStore } from '../platform/persist'

/** Notification preference values (spec §3, §4). */
export const NOTIFICATION_PREFERENCES = ['on', 'off', 'muted'] as const
/** One of {@link NOTIFICATION_PREFERENCES}; how toasts reach the user (`toastPresentation`). */
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number]

/** The console's themes: dark by default (spec §1, §9), light when the user picks it. */
export const THEMES = ['dark', 'light'] as const
/** One of {@link THEMES}; the console root's `data-theme`. */
export type Theme = (typeof THEMES)[number]

/** What a user chooses, as stored (spec §3 "User preferences", plus the theme and language the console adds). */
export interface UserPreferences {
  /** Default `muted`. */
  notifications: NotificationPreference
  /** Default `dark` (spec §1). */
  theme: Theme
  /**
   * The language the user picked (a BCP 47 tag such as `de-DE`), or `undefined` to follow the host's choice
   * (the provider's `locale`, else US English, spec §9).
   */
  locale: string | undefined
}

/** User preferences (spec §3), remembered per user. */
export interface PreferencesState extends UserPreferences {
  /** Whose preferences these are; `undefined` while nobody is signed in (the defaults, remembered for nobody). */
  uid: string | undefined
  /**
   * @throws {ConsoleError} `preferences/invalid-notifications` for a value outside {@link NOTIFICATION_PREFERENCES}.
   */
  setNotifications(value: NotificationPreference): void
  /** @throws {ConsoleError} `preferences/invalid-theme` for a value outside {@link THEMES}. */
  setTheme(theme: Theme): void
  /**
   * `undefined` follows the host's language again.
   *
   * @throws {ConsoleError} `preferences/invalid-locale` for something that is not a language tag.
   */
  setLocale(locale: string | undefined): void
  /**
   * Switches to a user's remembered preferences (the defaults when they have none), or to the defaults for nobody.
   * The console client calls it when a user signs in (alongside loading their record) and when the signed-in user
   * changes. Resolves once they are in the state: reading them loads their schema the first time. A later
   * `setUser` or `reset` wins over one still reading.
   */
  setUser(uid: string | undefined): Promise<void>
  /** Back to the defaults, for nobody; what each user chose stays remembered for their next sign-in. */
  reset(): void
}

/** The preferences store; it names its storage keys and stops mirroring on `destroy()`. */
export type PreferencesStore = StoreApi<PreferencesState> & PersistedStore

/**
 * The storage key of one user's preferences (before the console's namespace). Kept through sign-out on purpose:
 * a preference belongs to the user, not to the session (see docs/spec-reading.md, "How we read the spec").
 */
export const preferencesKey = (uid: string) => `preferences:${uid}`
/** The key issue 11 and before kept everyone's preferences under; forgotten on sign-out like other session data. */
export const PREFERENCES_KEY = 'preferences'

/** The defaults: notifications muted (spec §3), dark theme (spec §1), the host's language. */
export const DEFAULT_PREFERENCES: Readonly<UserPreferences> = Object.freeze({
  notifications: 'muted',
  theme: DARK_MODE_DEFAULT ? 'dark' : 'light',
  locale: undefined,
})

const isNotifications = (value: unknown): value is NotificationPreference => (NOTIFICATION_PREFERENCES as readonly unknown[]).includes(value)
const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value)
/** @internal A language tag as `Intl` takes it (`en`, `en-US`, `de-DE`, `zh-Hant-TW`): letters and digits in short parts. */
export const isLocale = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 35 && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i.test(value)

const invalid = (code: 'notifications' | 'theme' | 'locale', what: string, value: unknown, allowed: string) =>
  new ConsoleError({ code: `preferences/invalid-${code}`, message: `Unknown ${what} "${String(value)}": use ${allowed}.` })

/**
 * Creates the preferences store, remembered per user in local storage (preferences outlive a tab and a sign-out).
 * Until a user is set it holds the defaults and remembers nothing. A stored value that is not an object is ignored
 * with a warning on `logger`.
 *
 * @example
 * const preferences = createPreferencesStore(storage.local)
 * await preferences.getState().setUser('u1') // u1's remembered choice, or the defaults
 * preferences.getState().setTheme('light') // remembered for u1
 */
export function createPreferencesStore(local: StorageAdapter, logger?: Logger): PreferencesStore {
  // The schema (and valibot) load with the first user's preferences, never on the sign-in page.
  const restore = async (uid: string | undefined): Promise<UserPreferences> =>
    (uid && (await import('./stored-state').then((m) => m.readPreferences(local, uid, logger)))) || { ...DEFAULT_PREFERENCES }
  // Each switch of user has its generation: one still reading when another switch (or a reset) came is dropped.
  let generation = 0
  const pick = (s: PreferencesState): UserPreferences => ({ notifications: s.notifications, theme: s.theme, locale: s.locale })

  const store = createStore<PreferencesState>()((set) => ({
    ...DEFAULT_PREFERENCES,
    uid: undefined,
    setNotifications: (value) => {
      if (!isNotifications(value)) throw invalid('notifications', 'notifications preference', value, NOTIFICATION_PREFERENCES.join(', '))
      set({ notifications: value })
    },
    setTheme: (theme) => {
      if (!isTheme(theme)) throw invalid('theme', 'theme', theme, THEMES.join(' or '))
      set({ theme })
    },
    setLocale: (locale) => {
      if (locale !== undefined && !isLocale(locale)) throw invalid('locale', 'language', locale, 'a language tag such as en-US')
      set({ locale })
    },
    setUser: async (uid) => {
      const mine = ++generation
      const preferences = await restore(uid)
      if (mine === generation) set({ uid, ...preferences })
    },
    reset: () => {
      generation += 1
      set({ uid: undefined, ...DEFAULT_PREFERENCES })
    },
  }))

  // Mirrors the signed-in user's choice under their own key. A change of user only loads what was stored (or the
  // defaults) and writes nothing, so signing in never creates a record; a change the user makes writes it.
  let stop: (() => void) | undefined
  const resume = () => {
    stop ??= store.subscribe((now, before) => {
      if (!now.uid || now.uid !== before.uid) return
      const next = pick(now)
      const last = pick(before)
      if (next.notifications === last.notifications && next.theme === last.theme && next.locale === last.locale) return
      writeJson(local, preferencesKey(now.uid), next)
    })
  }
  resume()
  return Object.assign(store, {
    // Only the old shared key: each user's own record is theirs to keep (docs/spec-reading.md, "How we read the spec").
    storageKeys: [PREFERENCES_KEY],
    resume,
    destroy: () => {
      stop?.()
      stop = undefined
    },
  })
}
