import { describe, expect, it, vi } from 'vitest'
import type { AuditExport, AuditPage, AuditTrailEntry } from '@honu/core'
import { createAuditTrailList } from './audit-trail-list'

const entry = (id: string): AuditTrailEntry => ({
  id,
  at: '2026-11-26T03:00:00.000Z',
  actor: { uid: 'ada', email: null },
  tenant_id: 'alpha',
  action: 'video.update',
  resource: { type: 'video', id: 'v1' },
  before: { name: 'A' },
  after: { name: 'B' },
})

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('createAuditTrailList', () => {
  it('drops the answer to earlier filters that arrives after the answer to new ones (and aborts its request)', async () => {
    const first = deferred<AuditPage>()
    const second = deferred<AuditPage>()
    const signals: AbortSignal[] = []
    const fetchPage = vi.fn((_filters, _page, signal: AbortSignal) => {
      signals.push(signal)
      return signals.length === 1 ? first.promise : second.promise
    })
    const list = createAuditTrailList({ filters: { tenantId: 'alpha' }, fetchPage, exportFile: vi.fn(), save: vi.fn() })
    list.start()
    list.setFilters({ tenantId: 'alpha', actor: 'wes' })
    expect(signals[0]!.aborted).toBe(true)
    second.resolve({ entries: [entry('2')], nextCursor: null, totalCount: 1 })
    await second.promise
    first.resolve({ entries: [entry('1')], nextCursor: null, totalCount: 1 })
    await first.promise
    await Promise.resolve()
    expect(list.getSnapshot()).toMatchObject({ status: 'ready', entries: [{ id: '2' }], filters: { actor: 'wes' } })
    expect(fetchPage.mock.calls[1]![0]).toEqual({ tenantId: 'alpha', actor: 'wes' })
  })

  it('loads the next page once at a time with the cursor, stops at the last page, and keeps what it has when one fails', async () => {
    const pages: Record<string, AuditPage> = {
      start: { entries: [entry('3')], nextCursor: 'c1', totalCount: 3 },
      c1: { entries: [entry('2')], nextCursor: 'c2', totalCount: 3 },
      c2: { entries: [entry('1')], nextCursor: null, totalCount: 3 },
    }
    let fail = false
    const fetchPage = vi.fn(async (_filters: unknown, page: { cursor?: string | null }) => {
      if (fail) throw new Error('down')
      return pages[page.cursor ?? 'start']!
    })
    const list = createAuditTrailList({ filters: { tenantId: 'alpha' }, fetchPage, exportFile: vi.fn(), save: vi.fn() })
    list.start()
    await vi.waitFor(() => expect(list.getSnapshot().status).toBe('ready'))
    list.loadMore()
    list.loadMore()
    await vi.waitFor(() => expect(list.getSnapshot().entries.map((e) => e.id)).toEqual(['3', '2']))
    expect(fetchPage).toHaveBeenCalledTimes(2)
    fail = true
    list.loadMore()
    await vi.waitFor(() => expect(list.getSnapshot().moreFailed).toBe(true))
    expect(list.getSnapshot().entries).toHaveLength(2)
    fail = false
    list.loadMore()
    await vi.waitFor(() => expect(list.getSnapshot().entries.map((e) => e.id)).toEqual(['3', '2', '1']))
    expect(list.getSnapshot().moreFailed).toBe(false)
    list.loadMore()
    // The last page is in: no more requests.
    expect(fetchPage).toHaveBeenCalledTimes(4)
  })

  it('refresh loads as many entries as are shown again in place, with the filters, from the newest', async () => {
    let newest = 2
    const fetchPage = vi.fn(async (_filters: unknown, page: { limit?: number; cursor?: string | null }) => {
      const all = Array.from({ length: newest }, (_, i) => entry(String(newest - i)))
      return page.cursor
        ? { entries: [], nextCursor: null, totalCount: newest }
        : { entries: all.slice(0, page.limit), nextCursor: null, totalCount: newest }
    })
    const list = createAuditTrailList({ filters: { tenantId: 'alpha', action: 'video.update' }, fetchPage, exportFile: vi.fn(), save: vi.fn() })
    list.start()
    await vi.waitFor(() => expect(list.getSnapshot().entries.map((e) => e.id)).toEqual(['2', '1']))
    newest = 3
    await list.refresh()
    expect(list.getSnapshot()).toMatchObject({ status: 'ready', totalCount: 3 })
    expect(list.getSnapshot().entries.map((e) => e.id)).toEqual(['3', '2', '1'])
    expect(fetchPage.mock.calls.at(-1)!.slice(0, 2)).toEqual([{ tenantId: 'alpha', action: 'video.update' }, { limit: 100 }])
  })

  it('exports the applied filters (not just what is loaded) and saves the file; a failure is kept to show', async () => {
    const file: AuditExport = { blob: new Blob(['[]']), fileName: 'audit-alpha-2026-11-26.json' }
    const exportFile = vi.fn().mockResolvedValueOnce(file).mockRejectedValueOnce(new Error('broke'))
    const save = vi.fn()
    const list = createAuditTrailList({
      filters: { tenantId: 'alpha' },
      fetchPage: async () => ({ entries: [], nextCursor: null, totalCount: 0 }),
      exportFile,
      save,
    })
    list.setFilters({ tenantId: 'alpha', action: 'role.*' })
    const done = list.exportAs('json')
    expect(list.getSnapshot().export).toEqual({ status: 'exporting', format: 'json' })
    await done
    expect(exportFile.mock.calls[0]!.slice(0, 2)).toEqual([{ tenantId: 'alpha', action: 'role.*' }, 'json'])
    expect(save).toHaveBeenCalledWith(file)
    expect(list.getSnapshot().export).toEqual({ status: 'done', format: 'json', fileName: 'audit-alpha-2026-11-26.json' })
    await list.exportAs('csv')
    expect(list.getSnapshot().export).toMatchObject({ status: 'failed', format: 'csv' })
    expect(save).toHaveBeenCalledTimes(1)
  })

  it('stop aborts an export in flight: nothing is saved afterwards', async () => {
    const pending = deferred<AuditExport>()
    const save = vi.fn()
    let signal: AbortSignal | undefined
    const list = createAuditTrailList({
      filters: { tenantId: 'alpha' },
      fetchPage: async () => ({ entries: [], nextCursor: null }),
      exportFile: (_f, _format, s) => {
        signal = s
        return pending.promise
      },
      save,
    })
    const done = list.exportAs('csv')
    list.stop()
    expect(signal!.aborted).toBe(true)
    pending.resolve({ blob: new Blob([]), fileName: 'x.csv' })
    await done
    expect(save).not.toHaveBeenCalled()
  })
})
