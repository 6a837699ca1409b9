import type { AuditExport, AuditExportFormat, AuditFilters, AuditPage, AuditPageRequest, AuditTrailEntry } from '@honu/core'
import { createCursorPages } from '../cursor-pages'

/** Entries per page (the server's default; it allows up to 500). */
export const AUDIT_PAGE_SIZE = 100
/** The most entries the server sends in one page (`limit` ≤ 500). */
export const AUDIT_MAX_PAGE = 500

/** Where the export of the filtered view stands. */
export type AuditExportState =
  | { status: 'idle' }
  | { status: 'exporting'; format: AuditExportFormat }
  | { status: 'done'; format: AuditExportFormat; fileName: string }
  | { status: 'failed'; format: AuditExportFormat; error: unknown }

/** What the audit trail shows. */
export interface AuditTrailSnapshot {
  /** `loading` until the first page (of new filters) arrives; `error` when it failed. */
  status: 'loading' | 'ready' | 'error'
  error?: unknown
  /** The entries loaded so far, newest first. */
  entries: readonly AuditTrailEntry[]
  /** How many entries match the filters in all (the server's `total_count`). */
  totalCount: number
  /** The filters applied (what the table and the export show). */
  filters: AuditFilters
  /** A next page is being fetched. */
  loadingMore: boolean
  /** The last next page failed (the loaded entries stay; `loadMore` tries again). */
  moreFailed: boolean
  export: AuditExportState
}

/** Options of {@link createAuditTrailList}. */
export interface AuditTrailListOptions {
  /** The filters to start with (at least the tenant). */
  filters: AuditFilters
  /** Fetches one page (the v1 client's `listAudit`). */
  fetchPage: (filters: AuditFilters, page: AuditPageRequest, signal: AbortSignal) => Promise<AuditPage>
  /** Fetches every entry the filters match as one file (the v1 client's `exportAudit`). */
  exportFile: (filters: AuditFilters, format: AuditExportFormat, signal: AbortSignal) => Promise<AuditExport>
  /** Hands the exported file to the user (a download). */
  save: (file: AuditExport) => void
}

/** The audit trail of {@link createAuditTrailList}. */
export interface AuditTrailList {
  subscribe(listener: () => void): () => void
  getSnapshot(): AuditTrailSnapshot
  /** Loads the first page. */
  start(): void
  /** Stops: aborts the loads and the export in flight. */
  stop(): void
  /** New filters: from the first page at once (an older answer arriving late is dropped). */
  setFilters(filters: AuditFilters): void
  /** The next page, unless one is loading or all are loaded. */
  loadMore(): void
  /** Loads again after a failure, from the first page. */
  retry(): void
  /** Loads the entries again in place, as many as are loaded (up to the server's page limit): the server is back. */
  refresh(): Promise<void>
  /** Exports the applied filters' entries (all of them, not only those loaded) and saves the file. */
  exportAs(format: AuditExportFormat): Promise<void>
}

/**
 * The audit trail, paged from the server newest first: the filters are the server's, pages follow its cursor, an
 * answer to earlier filters that arrives late is dropped (its request aborted), and the export asks the server for
 * the whole filtered view (it streams without a cap), not for what happens to be loaded. Framework-free (house
 * style §11): React holds it with `useSyncExternalStore` (`use-audit-trail.ts`).
 */
export function createAuditTrailList(options: AuditTrailListOptions): AuditTrailList {
  const listeners = new Set<() => void>()
  let snapshot: AuditTrailSnapshot = {
    status: 'loading',
    entries: [],
    totalCount: 0,
    filters: options.filters,
    loadingMore: false,
    moreFailed: false,
    export: { status: 'idle' },
  }
  let exporting: AbortController | undefined

  const set = (changes: Partial<AuditTrailSnapshot>) => {
    snapshot = { ...snapshot, ...changes }
    for (const listener of listeners) listener()
  }
  const pages = createCursorPages<AuditTrailEntry>({
    fetch: (cursor, signal) =>
      options
        .fetchPage(snapshot.filters, { limit: AUDIT_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) }, signal)
        .then((page) => ({ items: page.entries, nextCursor: page.nextCursor, totalCount: page.totalCount })),
    update: ({ status, error, items, totalCount, loadingMore, moreFailed }) =>
      set({ status, error, entries: items, totalCount, loadingMore, moreFailed }),
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
      exporting?.abort()
    },
    setFilters(filters) {
      set({ filters })
      pages.loadFirst()
    },
    loadMore: pages.loadMore,
    retry: pages.loadFirst,
    refresh() {
      const limit = Math.min(AUDIT_MAX_PAGE, Math.max(AUDIT_PAGE_SIZE, snapshot.entries.length))
      return pages.reload((signal) =>
        options
          .fetchPage(snapshot.filters, { limit }, signal)
          .then((page) => ({ items: page.entries, nextCursor: page.nextCursor, totalCount: page.totalCount })),
      )
    },
    async exportAs(format) {
      exporting?.abort()
      const own = new AbortController()
      exporting = own
      set({ export: { status: 'exporting', format } })
      try {
        const file = await options.exportFile(snapshot.filters, format, own.signal)
        if (own.signal.aborted) return
        options.save(file)
        set({ export: { status: 'done', format, fileName: file.fileName } })
      } catch (error) {
        if (!own.signal.aborted) set({ export: { status: 'failed', format, error } })
      }
    },
  }
}
