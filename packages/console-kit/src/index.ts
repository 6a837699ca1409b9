// @honu/console-kit: what a widget (or any React code inside a console) needs from the console, without its
// routes, screens or grid engine: no react-router, no gridstack. @honu/console-react builds on it and re-exports
// all of it.
export { ConsoleProvider, type ConsoleProviderProps } from './provider/console-provider'
export { useConsoleClient } from './hooks/use-console-client'
export { useSession, useFlags, useTenant, useToasts, usePreferences, useStreamView, useConnection } from './hooks/use-console-store'
export { useOnReconnect } from './hooks/use-on-reconnect'
export { useMessages, useTranslate, useLocale, useErrorText, useDates, useTranslationsReady } from './hooks/use-messages'
export { useScreenBand } from './hooks/use-screen-band'
export { ConsoleLinksContext, useConsoleLinks, type ConsoleLink, type ConsoleLinks } from './hooks/use-console-links'
export {
  useLiveClient,
  useLiveConnection,
  useVehicles,
  useVehicle,
  useDevicePresence,
  useControlLeases,
  useDeviceControl,
  useExecutions,
  type DeviceControlView,
} from './hooks/use-live'
// The mission plan open in a missions screen, which its maps show and edit (issue 25).
export { OpenPlanContext, createOpenPlanSlot, useOpenPlan, usePublishOpenPlan, type OpenPlan, type OpenPlanSlot } from './hooks/use-open-plan'
export { ConsoleContext, WidgetRegistryContext, useWidgetRegistry } from './provider/console-context'
export type { WidgetDefinition, WidgetPickerProps, WidgetProps, WidgetRegistry, WidgetSize } from './widget/widget-definition'
export { defineWidget, invalidWidgetData, readWidgetData } from './widget/define-widget'
// The floating parts (Floating UI, WAI-ARIA patterns): Dialog for widgets' pickers and hosts' own dialogs; the
// rest for the console's screens and for widgets that need them.
export {
  PartsPortal,
  PartsRootContext,
  PartsRootProvider,
  usePartsText,
  type PartsRootProviderProps,
  type PartsText,
  Tooltip,
  type TooltipProps,
  IconButton,
  type IconButtonProps,
  MenuButton,
  MenuItem,
  MenuSeparator,
  type MenuButtonProps,
  type MenuItemProps,
  Dialog,
  ConfirmDialog,
  type DialogProps,
  type ConfirmDialogProps,
  Popover,
  type PopoverProps,
  type IconComponent,
  Combobox,
  type ComboboxOption,
  type ComboboxProps,
  LookupStatus,
  type LookupStatusProps,
} from './parts'
export { ICON_SIZE } from './parts/icon'
// The data table (TanStack Table + Virtual): sortable, virtualised, keyboard-navigable rows of a real <table>.
export { DataTable, type DataTableProps, type ColumnDef, type SortingState } from './table'
// The console's one query cache (@honu/core/query) from React: shared, invalidated after changes, retried on reconnect.
export { useQuery, useQueryCache, type QueryResult } from './hooks/use-query'
