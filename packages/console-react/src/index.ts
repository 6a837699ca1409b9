export { ConsoleProvider, type ConsoleProviderProps } from './provider/console-provider'
export { useConsoleClient } from './hooks/use-console-client'
export { useSession, useFlags, useTenant, useToasts, usePreferences, useStreamView, useConnection } from './hooks/use-console-store'
export { useOnReconnect } from './hooks/use-on-reconnect'
export { useMessages, useTranslate, useLocale, useErrorText, useDates } from './hooks/use-messages'
export { useScreenBand } from './hooks/use-screen-band'
export { PATHS } from './navigation/paths'
export { createConsoleRoutes, ConsoleRoutes, type ConsoleRoutesOptions } from './routes/create-console-routes'
export { Console, type ConsoleProps } from './console'
export { decideNavigation, type NavigationFacts, type RouteAccess } from './guards/decide-navigation'
export { RouteGuard, type RouteGuardProps } from './guards/route-guard'
export { Toaster } from './toaster/toaster'
export {
  startConsole,
  showStartupNotices,
  type StartupStep,
  type StartupResult,
  type StartConsoleOptions,
} from './startup/start-console'
export { Dashboard, type DashboardProps } from './dashboard/dashboard'
export type { WidgetDefinition, WidgetPickerProps, WidgetProps, WidgetRegistry, WidgetSize } from './widget/widget-definition'
export { DashboardToolbar, type DashboardToolbarProps } from './dashboard/dashboard-toolbar'
// The modal dialog, for widgets' pickers (the Video widget's stream picker) and hosts' own dialogs.
export { Dialog, type DialogProps } from './parts/dialog'
