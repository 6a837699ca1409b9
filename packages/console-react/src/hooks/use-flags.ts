import { useStore } from 'zustand'
import type { FlagsState } from '@honu/core'
import { useConsoleClient } from './use-console-client'

/** Selects from the feature flags; every flag is off until loaded. */
export function useFlags<T>(select: (state: FlagsState) => T): T {
  return useStore(useConsoleClient().flags, select)
}
