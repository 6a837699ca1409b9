import type { StoreApi } from 'zustand/vanilla'
import { readJson, writeJson, type StorageAdapter } from './storage-adapter'

/**
 * Mirrors part of a store's state into one or more storages, under one key. Reading prefers the first storage
 * that has a usable value, so session storage (this tab) can win over local storage (last tab closed).
 *
 * @returns a function that stops mirroring.
 */
export function persistSlice<S, P>(
  store: StoreApi<S>,
  options: {
    key: string
    storages: readonly StorageAdapter[]
    pick: (state: S) => P
  },
): () => void {
  let last = JSON.stringify(options.pick(store.getState()))
  return store.subscribe((state) => {
    const slice = options.pick(state)
    const text = JSON.stringify(slice)
    if (text === last) return
    last = text
    for (const storage of options.storages) {
      if (slice === undefined || slice === null) storage.removeItem(options.key)
      else writeJson(storage, options.key, slice)
    }
  })
}

/** The first stored value that `validate` accepts, or `undefined`. */
export function restoreSlice<P>(
  key: string,
  storages: readonly StorageAdapter[],
  validate: (value: unknown) => P | undefined,
): P | undefined {
  for (const storage of storages) {
    const value = validate(readJson(storage, key))
    if (value !== undefined) return value
  }
  return undefined
}

/**
 * A store that holds timers or mirrors itself into storage. The console client resumes it in `start()` and
 * destroys it in `stop()`, so a stopped console leaves nothing running, and StrictMode's start, stop, start works.
 */
export interface StoreLifecycle {
  /** Picks up again after `destroy()` (mirroring, timers); does nothing while already running. */
  resume(): void
  /** Stops mirroring and cancels the store's timers; the state stays as it is. */
  destroy(): void
}

/** A store that keeps part of its state in storage; it names its own keys, so a sign-out can forget them. */
export interface PersistedStore extends StoreLifecycle {
  /** The storage keys this store writes (before the console's namespace). */
  readonly storageKeys: readonly string[]
}

/**
 * Mirrors several slices of one store ({@link persistSlice}), from now until `destroy()`, again after `resume()`.
 *
 * @returns the store's {@link PersistedStore} part.
 */
export function persistSlices<S>(
  store: StoreApi<S>,
  slices: readonly { key: string; storages: readonly StorageAdapter[]; pick: (state: S) => unknown }[],
): PersistedStore {
  let stops: (() => void)[] = []
  const resume = () => {
    if (stops.length === 0) stops = slices.map((slice) => persistSlice(store, slice))
  }
  resume()
  return {
    storageKeys: slices.map((slice) => slice.key),
    resume,
    destroy: () => {
      for (const stop of stops.splice(0)) stop()
    },
  }
}
