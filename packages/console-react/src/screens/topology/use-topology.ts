import { useSyncExternalStore } from 'react'
import { getTopologyStore, type TopologyState, type TopologyStore } from '@honu/core/topology'
import { useConsoleClient } from '@honu/console-kit'

/** The console's topology store (`getTopologyStore`: one per console, shared by the list, the graph and widgets). */
export function useTopologyStore(): TopologyStore {
  return getTopologyStore(useConsoleClient())
}

/**
 * The topology store's state, held while the component is mounted: subscribing is what makes the store load the
 * selected tenant's topology and follow its live states (it stops when the last listener leaves).
 */
export function useTopologyState(store: TopologyStore): TopologyState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
