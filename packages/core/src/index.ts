// Explicit entry points per concept; everything here is free of React and of DOM access at import.
export * from './errors'
export * from './api'
export * from './auth'
export * from './permissions'
export * from './cidr'
export * from './avatar'
export * from './dates'
export * from './i18n'
export * from './constants'
export { SIZE, GRID, sizeKey, clampSize, type SizeName } from './grid'
// The grid store is part of every console instance, so the main entry keeps it; the rest of grid/ has its own entry.
export { createGridStore, GRID_SETTINGS_KEY, WORKSPACES_KEY, type GridState, type GridStore } from './grid/grid-store'
// Flag sources live in '@honu/core/flags' (a host picks one); the contract stays here.
export type { FlagSource } from './flags/flag-source'
export * from './stores'
export * from './client'
export * from './platform'
