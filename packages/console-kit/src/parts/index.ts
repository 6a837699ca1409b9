/**
 * The console's floating parts on `@floating-ui/react`: accessible (WAI-ARIA APG patterns), themed by the
 * console's custom properties, rendered into the layer a {@link PartsRootProvider} names.
 */
export { PartsPortal, PartsRootContext, PartsRootProvider, usePartsText, type PartsRootProviderProps, type PartsText } from './parts-root'
export { Tooltip, type TooltipProps } from './tooltip'
export { IconButton, type IconButtonProps } from './icon-button'
export { MenuButton, MenuItem, MenuSeparator, type MenuButtonProps, type MenuItemProps } from './menu-button'
export { Dialog, ConfirmDialog, type DialogProps, type ConfirmDialogProps } from './dialog'
export { Popover, type PopoverProps } from './popover'
export type { IconComponent } from './icon'
export { Combobox, type ComboboxOption, type ComboboxProps } from './combobox'
export { LookupStatus, type LookupStatusProps } from './lookup-status'
