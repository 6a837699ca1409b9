import { createStore, type StoreApi } from 'zustand/vanilla'
import { ConsoleError } from '../errors/console-error'
import type { StorageAdapter } from '../platform/storage-adapter'
import { persistSlice, restoreSlice } from '../platform/persist'

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

export type PreferencesStore = StoreApi<PreferencesState> & { destroy(): void }

const KEY = 'preferences'
const isPreference = (value: unknown): value is NotificationPreference =>
  (NOTIFICATION_PREFERENCES as readonly unknown[]).includes(value)

/** Creates the preferences store, remembered in local storage (preferences outlive a tab). */
export function createPreferencesStore(local: StorageAdapter): PreferencesStore {
  const initial = { notifications: 'muted' as NotificationPreference, darkMode: true }
  const restored = restoreSlice(KEY, [local], (value) => {
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
  const stop = persistSlice(store, {
    key: KEY,
    storages: [local],
    pick: (s) => ({ notifications: s.notifications, darkMode: s.darkMode }),
  })
  return Object.assign(store, { destroy: stop })
}
