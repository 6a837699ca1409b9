import type { StoreApi } from 'zustand/vanilla'
import { writeJson, type StorageAdapter } from './storage-adapter'

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

/** A {@link PersistedStore} that starts from its defaults and reads what storage holds when asked. */
export interface RestoredStore extends PersistedStore {
  /**
   * Reads the store's slices back from storage (a value its schema refuses is dropped with a warning, see
   * `restoreSlice` in schema.ts) without writing them again. The console client calls it when a user signs in (or their
   * session is restored), alongside loading their record: the schemas, and valibot, load then, so the sign-in
   * page carries none of them (issue 12's budget, scripts/measure-login-js.mjs).
   */
  restore(): Promise<void>
}

/**
 * Mirrors slices of a store's state into storages, each under its key, from now until `destroy()` and again after
 * `resume()`. A slice is written to every storage it names (or removed when it is empty) whenever it changes.
 * Reading (`restoreSlice` in schema.ts) prefers the first storage with a usable value, so session storage (this tab) can
 * win over local storage (last tab closed).
 *
 * @returns the store's {@link RestoredStore} part; its `restore()` merges in what `read` answers.
 */
export function persistSlices<S>(
  store: StoreApi<S>,
  slices: readonly { key: string; storages: readonly StorageAdapter[]; pick: (state: S) => unknown }[],
  /** Reads the stored slices (the store's `restore()`); what it answers is merged into the state. */
  read: () => Promise<Partial<S>> = async () => ({}),
): RestoredStore {
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
  const destroy = () => {
    stop?.()
    stop = undefined
  }
  resume()
  return {
    storageKeys: slices.map((slice) => slice.key),
    resume,
    destroy,
    async restore() {
      const restored = await read()
      // Mirroring paused while the stored values go in: writing them back could copy one tab's session value into
      // local storage, which holds the last tab's.
      const mirroring = stop !== undefined
      destroy()
      store.setState(restored)
      if (mirroring) resume()
    },
  }
}
