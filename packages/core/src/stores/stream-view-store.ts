import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Stream } from '../api/v1-types'
import { RESOURCE_REFRESH_FLAG_MS, STREAM_SIDEBAR_OPEN_DEFAULT, STREAM_SPLITTER_DEFAULT } from '../constants/timing'
import type { Scheduler } from '../platform/scheduler'
import type { StorageAdapter } from '../platform/storage-adapter'
import type { Logger } from '../platform/logger'
import { persistSlices, type RestoredStore } from '../platform/persist'

/** The resource being refreshed, for a brief visual cue. */
export interface RefreshingResource {
  resourceId?: string
  status: boolean
}

/** Stream view state (spec §3). */
export interface StreamViewState {
  streams: Stream[]
  streamCount: number
  /** Open by default (spec §9). */
  sidebarOpen: boolean
  /** Splitter position in percent; default 25 (spec §9). */
  splitterModel: number
  fullscreenMode: boolean
  refreshingResource: RefreshingResource
  missionSidebarMini: boolean
  setStreams(streams: Stream[], total?: number): void
  setSidebarOpen(open: boolean): void
  setSplitter(percent: number): void
  setFullscreenMode(on: boolean): void
  setMissionSidebarMini(mini: boolean): void
  /** Sets the refreshing flag for a resource and clears it after 300 ms (spec §4). */
  refreshResource(resourceId: string): void
  /** Clears the streams and view modes, keeping the sidebar as the user left it (tenant change). */
  reset(): void
  /** Back to the sidebar defaults (sign-out). */
  resetSidebar(): void
}

/**
 * The stream view store; it names its storage key, `destroy()` also cancels the refreshing cue's timer, and
 * `restore()` reads the stored sidebar state.
 */
export type StreamViewStore = StoreApi<StreamViewState> & RestoredStore

/** Storage key of the stream sidebar state. */
export const STREAM_SIDEBAR_KEY = 'streamSidebar'

/** @internal A splitter position kept within 0–100 percent (the default when it is not a number). */
export const clampPercent = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : STREAM_SPLITTER_DEFAULT)

/**
 * Creates the stream view store; the sidebar state lives in both local and session storage (spec §3). It starts
 * from the defaults; `restore()` reads the stored state, ignoring with a warning on `logger` one that is not an
 * object.
 */
export function createStreamViewStore(
  storages: { local: StorageAdapter; session: StorageAdapter },
  scheduler: Scheduler,
  logger?: Logger,
): StreamViewStore {
  const order = [storages.session, storages.local]
  const sidebarDefaults = { sidebarOpen: STREAM_SIDEBAR_OPEN_DEFAULT, splitterModel: STREAM_SPLITTER_DEFAULT }
  const initial = {
    streams: [] as Stream[],
    streamCount: 0,
    fullscreenMode: false,
    refreshingResource: { resourceId: undefined, status: false } as RefreshingResource,
    missionSidebarMini: false,
  }
  let refreshTimer: unknown
  const store = createStore<StreamViewState>()((set) => ({
    ...initial,
    ...sidebarDefaults,
    setStreams: (streams, total) => set({ streams, streamCount: total ?? streams.length }),
    setSidebarOpen: (open) => set({ sidebarOpen: open }),
    setSplitter: (percent) => set({ splitterModel: clampPercent(percent) }),
    setFullscreenMode: (on) => set({ fullscreenMode: on }),
    setMissionSidebarMini: (mini) => set({ missionSidebarMini: mini }),
    refreshResource: (resourceId) => {
      scheduler.clearTimeout(refreshTimer)
      set({ refreshingResource: { resourceId, status: true } })
      refreshTimer = scheduler.setTimeout(() => set({ refreshingResource: { resourceId: undefined, status: false } }), RESOURCE_REFRESH_FLAG_MS)
    },
    reset: () => {
      scheduler.clearTimeout(refreshTimer)
      set(initial)
    },
    resetSidebar: () => set(sidebarDefaults),
  }))
  const persisted = persistSlices(
    store,
    [{ key: STREAM_SIDEBAR_KEY, storages: order, pick: (s) => ({ sidebarOpen: s.sidebarOpen, splitterModel: s.splitterModel }) }],
    () => import('./stored-state').then((m) => m.readSidebar(order, logger)),
  )
  return Object.assign(store, {
    ...persisted,
    destroy: () => {
      scheduler.clearTimeout(refreshTimer)
      persisted.destroy()
    },
  })
}
