import { createContext, useContext, type ReactNode } from 'react'

/** Page-wide Vehicle widget settings a host provides once. */
export interface VehicleSettings {
  /** Milliseconds without a message before a vehicle's values are stale ("Link lost"); a widget's own `staleAfterS` wins. */
  staleAfterMs?: number
}

const VehicleSettingsContext = createContext<VehicleSettings | undefined>(undefined)

// As the video settings: on globalThis under a registered symbol, one value even with two copies of this module.
const DEFAULTS = Symbol.for('@honu/widgets.vehicleDefaults')
type WithDefaults = { [DEFAULTS]?: VehicleSettings }

/**
 * Sets the page's Vehicle widget settings, used where no {@link VehicleSettingsProvider} is above (for hosts that
 * do not render React). Call it before the widgets mount.
 *
 * @example setVehicleDefaults({ staleAfterMs: 10_000 })
 */
export function setVehicleDefaults(settings: VehicleSettings): void {
  ;(globalThis as WithDefaults)[DEFAULTS] = settings
}

/** Provides Vehicle widget settings to every Vehicle widget below. */
export function VehicleSettingsProvider({ value, children }: { value: VehicleSettings; children: ReactNode }) {
  return <VehicleSettingsContext.Provider value={value}>{children}</VehicleSettingsContext.Provider>
}

/** The nearest provider's settings, else the page's defaults ({@link setVehicleDefaults}), else none. */
export const useVehicleSettings = (): VehicleSettings => useContext(VehicleSettingsContext) ?? (globalThis as WithDefaults)[DEFAULTS] ?? {}
