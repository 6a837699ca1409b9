import { useStore } from 'zustand'
import type { SessionState } from '@honu/core'
import { useConsoleClient } from './use-console-client'

/** Selects from the session store and re-renders when the selection changes. */
export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(useConsoleClient().session, select)
}
