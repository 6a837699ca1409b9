export { SIZE, GRID, FREE_LAYOUT_DEFAULTS, SNAP_LAYOUT_DEFAULTS, SIZE_KEY_DIVISOR, sizeKey, clampSize, type SizeName } from './size-scale'
export {
  WIDGET_TYPES,
  WIDGET_TYPE_PATTERN,
  WORKSPACE_IDS,
  defaultGridSettings,
  defaultMapWidget,
  emptyWorkspaces,
  type WidgetType,
  type WidgetTypeId,
  type WorkspaceId,
  type GridWidget,
  type Workspace,
  type GridSettings,
  type BandLayouts,
  type BandPlace,
} from './grid-model'
export {
  addWidget,
  removeWidget,
  toggleWidget,
  toggleFullscreen,
  minimiseWidget,
  restoreWidget,
  setSnapToGrid,
  snapLayout,
  clampWidget,
  columnsOf,
  defaultSize,
  snapItemSize,
  type NewWidget,
} from './workspace-rules'
export {
  GRID_SETTING_FIELDS,
  GRID_SETTING_BOUNDS,
  validateGridSettings,
  draftOf,
  type GridSettingField,
  type GridSettingsDraft,
  type GridSettingsErrors,
} from './grid-settings'
export { createGridSettingsEditor, type GridSettingsEditor, type GridSettingsEditorState } from './create-grid-settings-editor'
export { exportLayout, importLayout, migrateLayout, LAYOUT_SCHEMA_VERSION, VERSION_2_BANDS, type LayoutDocument } from './layout-schema'
export { compactLayout, moveInLayout, autoPlace, type LayoutBox } from './layout-engine'
export { createWorkspaceActions, type WorkspaceActions } from './create-workspace-actions'
export {
  createGridEngine,
  type GridEngine,
  type GridEngineEvent,
  type GridEngineOptions,
  type GridItemChange,
  type GridPlace,
} from './create-grid-engine'
export { createGridStore, GRID_SETTINGS_KEY, WORKSPACES_KEY, type GridState, type GridStore } from './grid-store'
export { placeOf } from './place-of'
export {
  createDashboardController,
  BAND_SWITCH_MARGIN_PX,
  type DashboardController,
  type DashboardControllerOptions,
  type DashboardStatus,
} from './create-dashboard-controller'
export { itemsForBand, nearestLayoutBand } from './band-layouts'
