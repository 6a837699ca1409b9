export {
  cameBack,
  createConnectionStore,
  PROBE_BASE_DELAY_MS,
  PROBE_MAX_DELAY_MS,
  type ConnectionState,
  type ConnectionStatus,
  type ConnectionStore,
} from './connection-store'
export {
  createPreferencesStore,
  DEFAULT_PREFERENCES,
  NOTIFICATION_PREFERENCES,
  PREFERENCES_KEY,
  preferencesKey,
  THEMES,
  type NotificationPreference,
  type PreferencesState,
  type PreferencesStore,
  type Theme,
  type UserPreferences,
} from './preferences-store'
export { createTenantStore, SELECTED_TENANT_KEY, SELECTED_ORGANISATION_KEY, type TenantState, type TenantStore } from './tenant-store'
export { createStreamViewStore, STREAM_SIDEBAR_KEY, type StreamViewState, type StreamViewStore, type RefreshingResource } from './stream-view-store'
export {
  createToastStore,
  TOAST_POSITIONS,
  toastPresentation,
  type Toast,
  type ToastPresentation,
  type ToastInput,
  type ToastPosition,
  type ToastState,
  type ToastStore,
  type ToastTone,
} from './toast-store'
export { createFlagsStore, type FlagsState, type FlagsStore } from './flags-store'
