/**
 * Key-value storage that survives reloads. Core never touches `localStorage`/`sessionStorage` itself: the host
 * injects adapters, so two consoles on one page (different `namespace`s) or a server render never collide.
 */
export interface StorageAdapter {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The two persistence scopes the spec uses (§3 Persistence). */
export interface ConsoleStorage {
  /** Survives closing the browser (selected tenant, stream sidebar). */
  local: StorageAdapter
  /** Lives as long as the tab (grid settings, workspaces, and a copy of tenant and sidebar). */
  session: StorageAdapter
}

/** An in-memory adapter: the default on a server and in tests. */
export function createMemoryStorage(): StorageAdapter & { readonly size: number; keys(): string[] } {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    get size() {
      return map.size
    },
    keys: () => [...map.keys()],
  }
}

/**
 * Prefixes every key with `namespace:` so several console instances can share one browser storage.
 * Failures of the underlying storage (quota exceeded, storage disabled in private mode) are swallowed: losing
 * persistence must never break the console.
 */
export function createNamespacedStorage(storage: StorageAdapter, namespace: string): StorageAdapter {
  const prefix = `${namespace}:`
  return {
    getItem(key) {
      try {
        return storage.getItem(prefix + key)
      } catch {
        return null
      }
    },
    setItem(key, value) {
      try {
        storage.setItem(prefix + key, value)
      } catch {
        // Quota or privacy mode: keep working in memory.
      }
    },
    removeItem(key) {
      try {
        storage.removeItem(prefix + key)
      } catch {
        // Same as above.
      }
    },
  }
}

/**
 * The browser's storages, or memory ones where there is no `window` (server render, Node).
 * Call it when the console is created, never at import.
 */
export function createBrowserStorage(): ConsoleStorage {
  const g = globalThis as { localStorage?: StorageAdapter; sessionStorage?: StorageAdapter }
  const pick = (read: () => StorageAdapter | undefined): StorageAdapter => {
    try {
      return read() ?? createMemoryStorage()
    } catch {
      // Accessing the storage itself can throw (sandboxed iframe, disabled cookies).
      return createMemoryStorage()
    }
  }
  return { local: pick(() => g.localStorage), session: pick(() => g.sessionStorage) }
}

/** Reads a JSON value, returning `undefined` when it is missing or unreadable. */
export function readJson(storage: StorageAdapter, key: string): unknown {
  const raw = storage.getItem(key)
  if (raw === null) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}

/** Writes a JSON value. */
export function writeJson(storage: StorageAdapter, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value))
}
