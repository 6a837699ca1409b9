import { afterEach, describe, expect, it, vi } from 'vitest'
import { globalScheduler } from '../platform/scheduler'
import { createQueryCache, type QueryState } from './query-cache'

/** A loader whose answers the test gives one by one. */
function deferredLoader<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = []
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject, signal })
      }),
  )
  return { load, calls }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
})

describe('createQueryCache', () => {
  it('shares one load between everyone asking at the same time, and answers each', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    const { load, calls } = deferredLoader<string[]>()
    const seen: (QueryState<string[]> | undefined)[] = []
    const stopA = cache.watch(['videos', 'alpha'], load, () => seen.push(cache.get(['videos', 'alpha'])))
    const stopB = cache.watch(['videos', 'alpha'], load, () => {})
    const fetched = cache.fetch(['videos', 'alpha'], load)
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.get(['videos', 'alpha'])).toEqual({ status: 'loading' })
    calls[0]!.resolve(['bow'])
    await expect(fetched).resolves.toEqual(['bow'])
    expect(cache.get(['videos', 'alpha'])).toEqual({ status: 'ready', data: ['bow'] })
    expect(seen).toEqual([{ status: 'ready', data: ['bow'] }])
    stopA()
    stopB()
  })

  it('keeps keys apart by value: another tenant is another entry', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    await cache.fetch(['videos', 'alpha'], async () => ['bow'])
    await cache.fetch(['videos', 'bravo'], async () => ['deck'])
    expect(cache.get(['videos', 'alpha'])).toEqual({ status: 'ready', data: ['bow'] })
    expect(cache.get(['videos', 'bravo'])).toEqual({ status: 'ready', data: ['deck'] })
    expect(cache.get(['videos'])).toBeUndefined()
  })

  it('answers fetch from what it holds, and loads again once invalidated', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    let n = 0
    const load = vi.fn(async () => ++n)
    expect(await cache.fetch(['n'], load)).toBe(1)
    expect(await cache.fetch(['n'], load)).toBe(1)
    cache.invalidate(['n'])
    expect(await cache.fetch(['n'], load)).toBe(2)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('a watcher mounting anew loads again while the kept data shows', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    const { load, calls } = deferredLoader<string>()
    const stop = cache.watch(['k'], load, () => {})
    await flush()
    calls[0]!.resolve('first')
    await flush()
    stop()
    cache.watch(['k'], load, () => {})
    await flush()
    expect(load).toHaveBeenCalledTimes(2)
    expect(cache.get(['k'])).toEqual({ status: 'ready', data: 'first' })
    calls[1]!.resolve('second')
    await flush()
    expect(cache.get(['k'])).toEqual({ status: 'ready', data: 'second' })
  })

  it('invalidates a family by its prefix: watched entries load again, others are left alone', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    const alpha = vi.fn(async () => 'a')
    const bravo = vi.fn(async () => 'b')
    const tenants = vi.fn(async () => 't')
    const stops = [
      cache.watch(['videos', 'alpha'], alpha, () => {}),
      cache.watch(['videos', 'bravo'], bravo, () => {}),
      cache.watch(['tenants'], tenants, () => {}),
    ]
    await flush()
    cache.invalidate(['videos'])
    await flush()
    expect([alpha.mock.calls.length, bravo.mock.calls.length, tenants.mock.calls.length]).toEqual([2, 2, 1])
    cache.invalidate(['videos', 'alpha'])
    await flush()
    expect([alpha.mock.calls.length, bravo.mock.calls.length]).toEqual([3, 2])
    for (const stop of stops) stop()
  })

  it('drops an answer overtaken by a newer load or by setData', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    const { load, calls } = deferredLoader<string>()
    const stop = cache.watch(['k'], load, () => {})
    await flush()
    cache.invalidate()
    await flush()
    calls[1]!.resolve('newer')
    calls[0]!.resolve('older')
    await flush()
    expect(cache.get(['k'])).toEqual({ status: 'ready', data: 'newer' })
    cache.invalidate()
    await flush()
    cache.setData(['k'], 'patched')
    calls[2]!.resolve('stale answer')
    await flush()
    expect(cache.get(['k'])).toEqual({ status: 'ready', data: 'patched' })
    stop()
  })

  it('setData patches an entry from what it held (the live channel), and watchers see it at once', () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    const listener = vi.fn()
    cache.watch(['devices', 'alpha'], async () => [] as string[], listener)
    cache.setData<string[]>(['devices', 'alpha'], (devices = []) => [...devices, 'buoy'])
    cache.setData<string[]>(['devices', 'alpha'], (devices = []) => [...devices, 'tug'])
    expect(cache.get(['devices', 'alpha'])).toEqual({ status: 'ready', data: ['buoy', 'tug'] })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('a failure is the state to show, keeps earlier data, and retryFailed loads only the failed watched ones again', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    const down = Object.assign(new Error('unreachable'), { status: 0 })
    const failing = vi.fn().mockRejectedValueOnce(down).mockResolvedValue('back')
    const fine = vi.fn(async () => 'fine')
    const stops = [cache.watch(['a'], failing, () => {}), cache.watch(['b'], fine, () => {})]
    await flush()
    expect(cache.get(['a'])).toEqual({ status: 'error', error: down })
    await expect(cache.fetch(['unwatched'], () => Promise.reject(down))).rejects.toBe(down)
    cache.retryFailed()
    expect(cache.get(['a'])).toEqual({ status: 'loading' })
    await flush()
    expect(cache.get(['a'])).toEqual({ status: 'ready', data: 'back' })
    expect(fine).toHaveBeenCalledTimes(1)
    // Failing after data: the data stays with the error.
    failing.mockRejectedValueOnce(down)
    cache.invalidate(['a'])
    await flush()
    expect(cache.get(['a'])).toEqual({ status: 'error', error: down, data: 'back' })
    for (const stop of stops) stop()
  })

  it('clear aborts loads under way, drops their answers and shows watchers loading, never the last user’s data', async () => {
    const cache = createQueryCache({ scheduler: globalScheduler })
    const { load, calls } = deferredLoader<string>()
    cache.watch(['tenants'], load, () => {})
    await flush()
    calls[0]!.resolve('ada’s tenants')
    await flush()
    cache.invalidate()
    await flush()
    cache.clear()
    expect(calls[1]!.signal.aborted).toBe(true)
    calls[1]!.resolve('late answer')
    await flush()
    expect(cache.get(['tenants'])).toEqual({ status: 'loading' })
    await cache.fetch(['other'], async () => 1)
    cache.clear()
    expect(cache.get(['other'])).toBeUndefined()
  })

  it('forgets an entry nobody watches after a while, and keeps a watched one', async () => {
    vi.useFakeTimers()
    const cache = createQueryCache({ scheduler: globalScheduler, forgetAfterMs: 1000 })
    await cache.fetch(['kept'], async () => 1)
    cache.watch(
      ['watched'],
      async () => 2,
      () => {},
    )
    await vi.advanceTimersByTimeAsync(999)
    expect(cache.get(['kept'])).toEqual({ status: 'ready', data: 1 })
    await vi.advanceTimersByTimeAsync(1)
    expect(cache.get(['kept'])).toBeUndefined()
    expect(cache.get(['watched'])).toEqual({ status: 'ready', data: 2 })
  })
})
