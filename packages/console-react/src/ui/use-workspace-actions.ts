import { useMemo } from 'react'
import { createWorkspaceActions, type WorkspaceActions } from '@honu/core/grid'
import { useConsoleClient } from '@honu/console-kit'

/** The §4 widget rules bound to this console's grid store (add, remove, place, minimise, import…). */
export function useWorkspaceActions(): WorkspaceActions {
  const client = useConsoleClient()
  return useMemo(() => createWorkspaceActions(client.grid), [client])
}
