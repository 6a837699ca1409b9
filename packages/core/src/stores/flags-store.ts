import { createStore, type StoreApi } from 'zustand/vanilla'
import type { FeatureFlags } from '../flags/feature-flags'

/** Feature flags as loaded from the flag source. */
export interface FlagsState {
  status: 'idle' | 'loading' | 'ready'
  /** Every flag is off until loaded. */
  flags: FeatureFlags
  setLoading(): void
  setFlags(flags: FeatureFlags): void
  /**
   * Every flag off and nothing loaded (sign-out resets all stores, spec §4): flags loaded for one user never decide
   * for the next. The console client loads them again.
   */
  reset(): void
}

export type FlagsStore = StoreApi<FlagsState>

export function createFlagsStore(): FlagsStore {
  return createStore<FlagsState>()((set) => ({
    status: 'idle',
    flags: {},
    setLoading: () => set({ status: 'loading' }),
    setFlags: (flags) => set({ status: 'ready', flags }),
    reset: () => set({ status: 'idle', flags: {} }),
  }))
}
