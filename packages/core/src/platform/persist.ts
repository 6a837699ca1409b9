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
