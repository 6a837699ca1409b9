import type { Scheduler, TenantUser, UsersPage, UsersPageRequest, UsersSort } from '@honu/core'
import { createCursorPages, type CursorPage } from './cursor-pages'

/** Users per page of the server-paged list (the server allows up to 1000). */
export const USERS_PAGE_SIZE = 100
/** How long the search waits after the last keystroke before it asks the server. */
export const SEARCH_DELAY_MS = 250
/** The server's largest page: a refresh after a change re-reads at most this many of the loaded users. */
const MAX_PAGE = 1000

/** What the users table shows. */
export interface UsersListSnapshot {
  /** `loading` until the first page (of a new search or sort) arrives; `error` when it failed. */
  status: 'loading' | 'ready' | 'error'
  error?: unknown
  /** The users loaded so far, in the server's order. */
  users: readonly TenantUser[]
  /** How many users match in all. */
  totalCount: number
  /** The search as typed. */
  query: string
  sort: UsersSort
  /** A next page is being fetched. */
  loadingMore: boolean
}

/** Options of {@link createUsersList}. */
export interface UsersListOptions {
  /** Fetches one page (the v1 client's `listUsersPage` for the tenant). */
  fetchPage: (page: UsersPageRequest, signal: AbortSignal) => Promise<UsersPage>
  /** Timers for the search's delay. */
  scheduler: Scheduler
  /** Called once per failed load (first page, next page or refresh): the screen shows 'Error loading users'. */
  onError?: (error: unknown) => void
  sort?: UsersSort
}

/** The users list of {@link createUsersList}. */
export interface UsersList {
  subscribe(listener: () => void): () => void
  getSnapshot(): UsersListSnapshot
  /** Loads the first page. */
  start(): void
  /** Stops: aborts what is in flight and cancels the search's timer. */
  stop(): void
  /** A new search: from the first page, after {@link SEARCH_DELAY_MS} without another keystroke. */
  setQuery(query: string): void
  /** A new sort: from the first page at once. */
  setSort(sort: UsersSort): void
  /** The next page, unless one is loading or all are loaded. */
  loadMore(): void
  /** Loads again after a failure, from the first page. */
  retry(): void
  /**
   * Re-reads the users loaded so far (after a change), in place: the table keeps its rows until the answer comes.
   * Resolves when done; a failure is reported as any failed load.
   */
  refresh(): Promise<void>
}

/**
 * A tenant's users, paged from the server: search and sort are the server's (`q`, `sort`), pages follow the
 * server's cursor, and an answer to an earlier search or sort that arrives late is dropped (its request is aborted).
 * Framework-free (house style §11): React holds it with `useSyncExternalStore` (`use-users-list.ts`).
 */
export function createUsersList(options: UsersListOptions): UsersList {
  const listeners = new Set<() => void>()
  let snapshot: UsersListSnapshot = { status: 'loading', users: [], totalCount: 0, query: '', sort: options.sort ?? 'name', loadingMore: false }
  let timer: unknown

  const set = (changes: Partial<UsersListSnapshot>) => {
    snapshot = { ...snapshot, ...changes }
    for (const listener of listeners) listener()
  }
  const request = (page: Omit<UsersPageRequest, 'q' | 'sort'>) => ({ ...page, q: snapshot.query, sort: snapshot.sort })
  const toPage = (page: UsersPage): CursorPage<TenantUser> => ({ items: page.users, nextCursor: page.nextCursor, totalCount: page.totalCount })
  const pages = createCursorPages<TenantUser>({
    fetch: (cursor, signal) => options.fetchPage(request({ limit: USERS_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) }), signal).then(toPage),
    update: ({ status, error, items, totalCount, loadingMore }) => set({ status, error, users: items, totalCount, loadingMore }),
    onError: options.onError,
  })

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
    start: pages.loadFirst,
    stop() {
      pages.stop()
      if (timer !== undefined) options.scheduler.clearTimeout(timer)
      timer = undefined
    },
    setQuery(query) {
      if (query === snapshot.query) return
      set({ query })
      if (timer !== undefined) options.scheduler.clearTimeout(timer)
      timer = options.scheduler.setTimeout(() => {
        timer = undefined
        pages.loadFirst()
      }, SEARCH_DELAY_MS)
    },
    setSort(sort) {
      if (sort === snapshot.sort) return
      set({ sort })
      pages.loadFirst()
    },
    loadMore: pages.loadMore,
    retry: pages.loadFirst,
    refresh() {
      const limit = Math.min(MAX_PAGE, Math.max(USERS_PAGE_SIZE, snapshot.users.length))
      return pages.reload((signal) => options.fetchPage(request({ limit }), signal).then(toPage))
    },
  }
}
