// What widgets and hosts share with the console lives in @honu/console-kit (no react-router, no gridstack);
// re-exported here so an app that has the console needs one import.
export {
  ConsoleProvider,
  type ConsoleProviderProps,
  useConsoleClient,
  useSession,
  useFlags,
  useTenant,
  useToasts,
  usePreferences,
  useStreamView,
  useConnection,
  useOnReconnect,
  useMessages,
  useTranslate,
  useLocale,
  useErrorText,
  useDates,
  useScreenBand,
  useLiveClient,
  useLiveConnection,
  useVehicles,
  useVehicle,
  useDevicePresence,
  useControlLeases,
  useDeviceControl,
  useExecutions,
  type DeviceControlView,
  Dialog,
  type DialogProps,
} from '@honu/console-kit'
export type { WidgetDefinition, WidgetPickerProps, WidgetProps, WidgetRegistry, WidgetSize } from '@honu/console-kit'
export { PATHS, pathsUnder, type ConsolePaths } from './navigation/paths'
export { createConsoleRoutes, ConsoleRoutes, type ConsoleRoutesOptions } from './routes/create-console-routes'
export { defineArea, type AreaRoute, type ConsoleArea } from './navigation/console-area'
export { Console, type ConsoleProps } from './console'
export { type ConsoleHostOptions, RETURN_TO_PARAM, signInAddress } from './navigation/host-options'
export { decideNavigation, type NavigationFacts, type RouteAccess } from './guards/decide-navigation'
export { RouteGuard, type RouteGuardProps } from './guards/route-guard'
export { Toaster } from './toaster/toaster'
export { startConsole, showStartupNotices, type StartupStep, type StartupResult, type StartConsoleOptions } from './startup/start-console'
export { Dashboard, type DashboardProps } from './dashboard/dashboard'
export { DashboardToolbar, type DashboardToolbarProps } from './dashboard/dashboard-toolbar'
export { ConsoleShadowRoot, type ConsoleShadowRootProps } from './shadow/console-shadow-root'
export { consoleStyleSheets } from './styles/console-style-sheets'
