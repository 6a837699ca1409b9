import { createStore, type StoreApi } from 'zustand/vanilla'
import { ConsoleError } from '../errors/console-error'
import type { StorageAdapter } from '../platform/storage-adapter'
import { DARK_MODE_DEFAULT } from '../constants/timing'
import { persistSlices, restoreSlice, type PersistedStore } from '../platform/persist'

/** Notification preference values (spec §3). */
export const NOTIFICATION_PREFERENCES = ['on', 'off', 'muted'] as const
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number]

/** User preferences (spec §3). */
export interface PreferencesState {
  /** Default `muted`. */
  notifications: NotificationPreference
  /** Dark theme; on by default (spec §1). */
  darkMode: boolean
  setNotifications(value: NotificationPreference): void
  setDarkMode(on: boolean): void
  reset(): void
}

/** The preferences store; it names its storage key and stops mirroring on `destroy()`. */
export type PreferencesStore = StoreApi<PreferencesState> & PersistedStore

/** Storage key of the preferences. */
export const PREFERENCES_KEY = 'preferences'
const isPreference = (value: unknown): value is NotificationPreference =>
  (NOTIFICATION_PREFERENCES as readonly unknown[]).includes(value)

/** Creates the preferences store, remembered in local storage (preferences outlive a tab). */
export function createPreferencesStore(local: StorageAdapter): PreferencesStore {
  const initial = { notifications: 'muted' as NotificationPreference, darkMode: DARK_MODE_DEFAULT }
  const restored = restoreSlice(PREFERENCES_KEY, [local], (value) => {
    const v = value as Partial<typeof initial> | undefined
    if (!v || typeof v !== 'object') return undefined
    return {
      notifications: isPreference(v.notifications) ? v.notifications : initial.notifications,
      darkMode: typeof v.darkMode === 'boolean' ? v.darkMode : initial.darkMode,
    }
  })
  const store = createStore<PreferencesState>()((set) => ({
    ...initial,
    ...restored,
    setNotifications: (value) => {
      if (!isPreference(value)) {
        throw new ConsoleError({
          code: 'preferences/invalid-notifications',
          message: `Unknown notifications preference "${String(value)}": use one of ${NOTIFICATION_PREFERENCES.join(', ')}.`,
        })
      }
      set({ notifications: value })
    },
    setDarkMode: (on) => set({ darkMode: on }),
    reset: () => set(initial),
  }))
  return Object.assign(
    store,
    persistSlices(store, [
      { key: PREFERENCES_KEY, storages: [local], pick: (s) => ({ notifications: s.notifications, darkMode: s.darkMode }) },
    ]),
  )
}
