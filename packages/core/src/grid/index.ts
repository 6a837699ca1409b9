export {
  SIZE,
  GRID,
  FREE_LAYOUT_DEFAULTS,
  SNAP_LAYOUT_DEFAULTS,
  SIZE_KEY_DIVISOR,
  sizeKey,
  clampSize,
  type SizeName,
} from './constants'
export {
  WIDGET_TYPES,
  WORKSPACE_IDS,
  defaultGridSettings,
  defaultMapWidget,
  emptyWorkspaces,
  type WidgetType,
  type WorkspaceId,
  type GridWidget,
  type Workspace,
  type GridSettings,
} from './grid-model'
