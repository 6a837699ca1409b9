import { useStore } from 'zustand'
import type { ConnectionState, FlagsState, PreferencesState, SessionState, StreamViewState, TenantState, ToastState } from '@honu/core'
import { useConsoleClient } from './use-console-client'

/** Selects from the session store (user, token status, second-factor hints). */
export const useSession = <T>(select: (state: SessionState) => T): T => useStore(useConsoleClient().session, select)
/** Selects from the feature flags; every flag is off until loaded. */
export const useFlags = <T>(select: (state: FlagsState) => T): T => useStore(useConsoleClient().flags, select)
/** Selects from the selected tenant, organisation and roles. */
export const useTenant = <T>(select: (state: TenantState) => T): T => useStore(useConsoleClient().tenant, select)
/** Selects from the toasts. */
export const useToasts = <T>(select: (state: ToastState) => T): T => useStore(useConsoleClient().toasts, select)
/** Selects from the user's preferences. */
export const usePreferences = <T>(select: (state: PreferencesState) => T): T => useStore(useConsoleClient().preferences, select)
/** Selects from the stream view: the tenant's streams, the sidebar and splitter, fullscreen mode. */
export const useStreamView = <T>(select: (state: StreamViewState) => T): T => useStore(useConsoleClient().streamView, select)
/** Selects from the console-wide connection state: whether the server answers (`reachable`, `unreachable`, `retrying`). */
export const useConnection = <T>(select: (state: ConnectionState) => T): T => useStore(useConsoleClient().connection, select)
