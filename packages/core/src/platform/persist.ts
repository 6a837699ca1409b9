import type { GenericSchema } from 'valibot'
import type { StoreApi } from 'zustand/vanilla'
import { consoleLogger, type Logger } from './logger'
import { parseWith } from './schema'
import { readJson, writeJson, type StorageAdapter } from './storage-adapter'

/**
 * The first stored value under `key` that `schema` accepts (a valibot schema, see `schema.ts`), or `undefined`
 * when none does. A stored value the schema refuses is dropped with a warning naming the key and the field, so the
 * store starts from its defaults rather than from something another version (or a hand) left there.
 *
 * `schema` may still be a function returning the value or `undefined` (it then drops without a warning), for a
 * store not yet moved to a schema.
 */
export function restoreSlice<P>(
  key: string,
  storages: readonly StorageAdapter[],
  schema: GenericSchema<unknown, P> | ((value: unknown) => P | undefined),
  logger: Logger = consoleLogger,
): P | undefined {
  for (const storage of storages) {
    const stored = readJson(storage, key)
    if (stored === undefined) continue
    if (typeof schema === 'function') {
      const value = schema(stored)
      if (value !== undefined) return value
      continue
    }
    const parsed = parseWith(schema, stored)
    if (parsed.ok) return parsed.value
    logger.warn(`[@honu/core] the stored "${key}" is not usable (${parsed.problem}); it is ignored.`)
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
 * Mirrors slices of a store's state into storages, each under its key, from now until `destroy()` and again after
 * `resume()`. A slice is written to every storage it names (or removed when it is empty) whenever it changes.
 * Reading ({@link restoreSlice}) prefers the first storage with a usable value, so session storage (this tab) can
 * win over local storage (last tab closed).
 *
 * @returns the store's {@link PersistedStore} part.
 */
export function persistSlices<S>(
  store: StoreApi<S>,
  slices: readonly { key: string; storages: readonly StorageAdapter[]; pick: (state: S) => unknown }[],
): PersistedStore {
  let stop: (() => void) | undefined
  const resume = () => {
    // What each slice was when mirroring (re)started: only a change from there is written.
    const last = slices.map((slice) => JSON.stringify(slice.pick(store.getState())))
    stop ??= store.subscribe((state) => {
      slices.forEach(({ key, storages, pick }, i) => {
        const slice = pick(state)
        const text = JSON.stringify(slice)
        if (text === last[i]) return
        last[i] = text
        for (const storage of storages) {
          if (slice === undefined || slice === null) storage.removeItem(key)
          else writeJson(storage, key, slice)
        }
      })
    })
  }
  resume()
  return {
    storageKeys: slices.map((slice) => slice.key),
    resume,
    destroy: () => {
      stop?.()
      stop = undefined
    },
  }
}
