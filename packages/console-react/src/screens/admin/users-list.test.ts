import { describe, expect, it, vi } from 'vitest'
import type { TenantUser, UsersPage, UsersPageRequest } from '@honu/core'
import { createManualScheduler } from '@honu/core/testing'
import { createUsersList, SEARCH_DELAY_MS, USERS_PAGE_SIZE } from './users-list'

const user = (i: number): TenantUser => ({ uid: `u${i}`, name: `User ${i}`, email: `u${i}@x`, permissions: { t: ['reader'] } })

/** A server of `total` users whose answers the test releases one by one. */
function pagedServer(total: number) {
  const calls: { page: UsersPageRequest; signal: AbortSignal; resolve: () => void; reject: (e: unknown) => void }[] = []
  const fetchPage = (page: UsersPageRequest, signal: AbortSignal) =>
    new Promise<UsersPage>((resolve, reject) => {
      const from = page.cursor ? Number(page.cursor) : 0
      const limit = page.limit ?? total
      const users = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => user(from + i))
      const next = from + users.length < total ? String(from + users.length) : null
      calls.push({ page, signal, resolve: () => resolve({ users, nextCursor: next, totalCount: total }), reject })
    })
  return { calls, fetchPage }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createUsersList', () => {
  it('loads the first page, then the next pages by cursor until all are loaded', async () => {
    const server = pagedServer(250)
    const list = createUsersList({ fetchPage: server.fetchPage, scheduler: createManualScheduler() })
    list.start()
    expect(list.getSnapshot().status).toBe('loading')
    expect(server.calls[0]!.page).toEqual({ limit: USERS_PAGE_SIZE, q: '', sort: 'name' })
    server.calls[0]!.resolve()
    await settle()
    expect(list.getSnapshot()).toMatchObject({ status: 'ready', totalCount: 250 })
    expect(list.getSnapshot().users).toHaveLength(100)
    list.loadMore()
    list.loadMore() // one page at a time
    expect(server.calls).toHaveLength(2)
    expect(server.calls[1]!.page.cursor).toBe('100')
    server.calls[1]!.resolve()
    await settle()
    list.loadMore()
    server.calls[2]!.resolve()
    await settle()
    expect(
      list
        .getSnapshot()
        .users.map((u) => u.uid)
        .at(-1),
    ).toBe('u249')
    list.loadMore() // all loaded: nothing more to ask
    expect(server.calls).toHaveLength(3)
  })

  it('searches after the delay, from the first page, dropping the answer of the search before', async () => {
    const server = pagedServer(10)
    const scheduler = createManualScheduler()
    const list = createUsersList({ fetchPage: server.fetchPage, scheduler })
    list.start()
    list.setQuery('ad')
    list.setQuery('ada')
    expect(list.getSnapshot().query).toBe('ada')
    expect(server.calls).toHaveLength(1)
    scheduler.advance(SEARCH_DELAY_MS)
    expect(server.calls).toHaveLength(2)
    expect(server.calls[1]!.page.q).toBe('ada')
    expect(server.calls[0]!.signal.aborted).toBe(true)
    server.calls[0]!.resolve()
    await settle()
    expect(list.getSnapshot().status).toBe('loading')
    server.calls[1]!.resolve()
    await settle()
    expect(list.getSnapshot().status).toBe('ready')
  })

  it('sorts on the server at once, from the first page', () => {
    const server = pagedServer(10)
    const list = createUsersList({ fetchPage: server.fetchPage, scheduler: createManualScheduler() })
    list.start()
    list.setSort('-joined')
    expect(server.calls[1]!.page).toMatchObject({ sort: '-joined', limit: USERS_PAGE_SIZE })
  })

  it('reports a failed load once, and loads again on retry', async () => {
    const server = pagedServer(10)
    const onError = vi.fn()
    const list = createUsersList({ fetchPage: server.fetchPage, scheduler: createManualScheduler(), onError })
    list.start()
    server.calls[0]!.reject(new Error('down'))
    await settle()
    expect(list.getSnapshot().status).toBe('error')
    expect(onError).toHaveBeenCalledTimes(1)
    list.retry()
    server.calls[1]!.resolve()
    await settle()
    expect(list.getSnapshot().status).toBe('ready')
  })

  it('refreshes the loaded users in place after a change (the rows stay until the answer)', async () => {
    const server = pagedServer(150)
    const list = createUsersList({ fetchPage: server.fetchPage, scheduler: createManualScheduler() })
    list.start()
    server.calls[0]!.resolve()
    await settle()
    list.loadMore()
    server.calls[1]!.resolve()
    await settle()
    const refreshed = list.refresh()
    expect(list.getSnapshot().users).toHaveLength(150)
    expect(server.calls[2]!.page.limit).toBe(150)
    server.calls[2]!.resolve()
    await refreshed
    expect(list.getSnapshot()).toMatchObject({ status: 'ready', totalCount: 150 })
  })

  it('stops: what is in flight is aborted and its answer dropped', async () => {
    const server = pagedServer(10)
    const list = createUsersList({ fetchPage: server.fetchPage, scheduler: createManualScheduler() })
    list.start()
    list.stop()
    expect(server.calls[0]!.signal.aborted).toBe(true)
    server.calls[0]!.resolve()
    await settle()
    expect(list.getSnapshot().status).toBe('loading')
  })
})
