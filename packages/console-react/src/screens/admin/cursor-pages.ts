/** One page of a list the server pages by cursor. */
export interface CursorPage<T> {
  items: readonly T[]
  /** Pass back for the next page; null after the last. */
  nextCursor: string | null
  /** How many match in all, when the server counts. */
  totalCount?: number | null
}

/** Where a cursor-paged list stands. */
export interface CursorPagesState<T> {
  /** `loading` until the first page arrives; `error` when it failed. */
  status: 'loading' | 'ready' | 'error'
  error?: unknown
  /** The items loaded so far, in the server's order. */
  items: readonly T[]
  /** How many match in all (a server that does not count: what is loaded, one more while a next page exists). */
  totalCount: number
  /** A next page is being fetched. */
  loadingMore: boolean
  /** The last next page failed (the loaded items stay; `loadMore` tries again). */
  moreFailed: boolean
}

/** The paging of {@link createCursorPages}. */
export interface CursorPages<T> {
  /** From the first page: what is in flight is aborted, and answers of earlier loads are dropped. */
  loadFirst(): void
  /** The next page, unless one is loading or all are loaded. */
  loadMore(): void
  /** Re-reads the list in place with `fetch` (one page from the start): the items stay until the answer comes. */
  reload(fetch: (signal: AbortSignal) => Promise<CursorPage<T>>): Promise<void>
  /** Aborts what is in flight; later answers are dropped. */
  stop(): void
  /** The newest state. */
  state(): CursorPagesState<T>
}

/**
 * The paging both admin lists share (the users and the audit trail): pages follow the server's cursor, an answer to
 * an earlier load that arrives late is dropped (its request aborted), and each change of state goes to `update` once.
 */
export function createCursorPages<T>(options: {
  /** Fetches the page at `cursor` (null: the first). */
  fetch: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>
  /** Every new state, as one change. */
  update: (state: CursorPagesState<T>) => void
  /** Called once per failed load (first page, next page or reload). */
  onError?: (error: unknown) => void
}): CursorPages<T> {
  let state: CursorPagesState<T> = { status: 'loading', items: [], totalCount: 0, loadingMore: false, moreFailed: false }
  let cursor: string | null = null
  let controller: AbortController | undefined
  // The generation of the current load: answers of an older one are dropped.
  let generation = 0

  const set = (changes: Partial<CursorPagesState<T>>) => {
    state = { ...state, ...changes }
    options.update(state)
  }
  const fail = (error: unknown, changes: Partial<CursorPagesState<T>>) => {
    set(changes)
    options.onError?.(error)
  }
  const totalOf = (page: CursorPage<T>, loaded: number) => page.totalCount ?? loaded + (page.nextCursor ? 1 : 0)
  const currentSignal = () => controller?.signal ?? new AbortController().signal

  return {
    loadFirst() {
      controller?.abort()
      const own = new AbortController()
      controller = own
      const mine = ++generation
      cursor = null
      set({ status: 'loading', error: undefined, items: [], totalCount: 0, loadingMore: false, moreFailed: false })
      options.fetch(null, own.signal).then(
        (page) => {
          if (mine !== generation) return
          cursor = page.nextCursor
          set({ status: 'ready', items: page.items, totalCount: totalOf(page, page.items.length) })
        },
        (error: unknown) => {
          if (mine === generation && !own.signal.aborted) fail(error, { status: 'error', error })
        },
      )
    },
    loadMore() {
      if (state.status !== 'ready' || state.loadingMore || cursor === null) return
      const mine = generation
      const signal = currentSignal()
      set({ loadingMore: true, moreFailed: false })
      options.fetch(cursor, signal).then(
        (page) => {
          if (mine !== generation) return
          cursor = page.nextCursor
          const items = [...state.items, ...page.items]
          set({ items, totalCount: totalOf(page, items.length), loadingMore: false })
        },
        (error: unknown) => {
          if (mine === generation && !signal.aborted) fail(error, { loadingMore: false, moreFailed: true })
        },
      )
    },
    async reload(fetch) {
      const mine = generation
      const signal = currentSignal()
      try {
        const page = await fetch(signal)
        if (mine !== generation) return
        cursor = page.nextCursor
        set({ status: 'ready', error: undefined, items: page.items, totalCount: totalOf(page, page.items.length) })
      } catch (error) {
        if (mine === generation && !signal.aborted) fail(error, {})
      }
    },
    stop() {
      controller?.abort()
      generation++
    },
    state: () => state,
  }
}
