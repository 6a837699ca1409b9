import { describe, expect, it } from 'vitest'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { cameBack, createConnectionStore, type ConnectionStatus } from './connection-store'

/** A probe the test answers by hand: each call waits until `answer` settles it. */
function createProbe() {
  const pending: ((up: boolean) => void)[] = []
  return {
    probe: () => new Promise<boolean>((resolve) => pending.push(resolve)),
    get calls() {
      return pending.length
    },
    async answer(up: boolean) {
      pending.at(-1)!(up)
      // Let the probe's continuation run.
      await Promise.resolve()
      await Promise.resolve()
    },
  }
}

// No jitter: each delay is exactly 1 s × 2^failures (the ±25 % band is checked on its own below).
const noJitter = () => 0.5

/** A store on a manual clock with a hand-answered probe and no jitter. */
function setup() {
  const scheduler = createManualScheduler()
  const probe = createProbe()
  const store = createConnectionStore(scheduler, probe.probe, noJitter)
  return { scheduler, probe, store }
}

describe('createConnectionStore', () => {
  it('stays reachable while calls are answered, and probes nothing', () => {
    const { scheduler, probe, store } = setup()
    store.getState().reportReachable()
    scheduler.advance(60_000)
    expect(store.getState().status).toBe('reachable')
    expect(probe.calls).toBe(0)
    expect(scheduler.pending).toBe(0)
  })

  it('a call waiting too long makes it slow; an answer makes it reachable again, which is no coming back', () => {
    const { probe, store } = setup()
    const back: boolean[] = []
    store.subscribe((now, before) => back.push(cameBack(now, before)))
    store.getState().reportSlow()
    expect(store.getState().status).toBe('slow')
    // Retry now has nothing to probe while calls are only slow.
    store.getState().retryNow()
    expect(probe.calls).toBe(0)
    store.getState().reportReachable()
    expect(store.getState().status).toBe('reachable')
    expect(back).toEqual([false, false])
  })

  it('slow, then the call fails: unreachable and probed; an answer then is coming back', async () => {
    const { scheduler, probe, store } = setup()
    store.getState().reportSlow()
    store.getState().reportUnreachable()
    expect(store.getState().status).toBe('unreachable')
    // A slow call while the server is known down changes nothing.
    store.getState().reportSlow()
    expect(store.getState().status).toBe('unreachable')
    scheduler.advance(1000)
    expect(probe.calls).toBe(1)
    let back = false
    store.subscribe((now, before) => void (back ||= cameBack(now, before)))
    await probe.answer(true)
    expect(store.getState().status).toBe('reachable')
    expect(back).toBe(true)
  })

  it('goes unreachable on a failed call, probes with a doubling backoff, and is reachable when a probe answers', async () => {
    const { scheduler, probe, store } = setup()
    const seen: ConnectionStatus[] = []
    store.subscribe((s, before) => s.status !== before.status && seen.push(s.status))

    store.getState().reportUnreachable()
    expect(store.getState().status).toBe('unreachable')
    scheduler.advance(999)
    expect(probe.calls).toBe(0)
    scheduler.advance(1)
    expect(probe.calls).toBe(1)
    expect(store.getState().status).toBe('retrying')

    await probe.answer(false)
    expect(store.getState()).toMatchObject({ status: 'unreachable', failures: 1 })
    scheduler.advance(1999)
    expect(probe.calls).toBe(1)
    scheduler.advance(1)
    expect(probe.calls).toBe(2)

    await probe.answer(false)
    scheduler.advance(3999)
    expect(probe.calls).toBe(2)
    scheduler.advance(1)
    expect(probe.calls).toBe(3)

    await probe.answer(true)
    expect(store.getState().status).toBe('reachable')
    expect(scheduler.pending).toBe(0)
    expect(seen).toEqual(['unreachable', 'retrying', 'unreachable', 'retrying', 'unreachable', 'retrying', 'reachable'])
  })

  it('waits at most 10 s between probes', async () => {
    const { scheduler, probe, store } = setup()
    store.getState().reportUnreachable()
    for (let i = 0; i < 8; i++) {
      scheduler.advance(10_000)
      await probe.answer(false)
    }
    expect(probe.calls).toBe(8)
    scheduler.advance(9_999)
    expect(probe.calls).toBe(8)
    scheduler.advance(1)
    expect(probe.calls).toBe(9)
  })

  it('spreads probes by ±25 %', () => {
    for (const [random, first] of [
      [0, 750],
      [0.999, 1250],
    ] as const) {
      const scheduler = createManualScheduler()
      const probe = createProbe()
      createConnectionStore(scheduler, probe.probe, () => random)
        .getState()
        .reportUnreachable()
      scheduler.advance(first - 1)
      expect(probe.calls).toBe(0)
      scheduler.advance(1)
      expect(probe.calls).toBe(1)
    }
  })

  it('keeps the backoff after a probe answers, until a real call does', async () => {
    // /health answers while the calls still fail: probing must not speed up again each time.
    const { scheduler, probe, store } = setup()
    store.getState().reportUnreachable()
    scheduler.advance(1000)
    await probe.answer(false)
    scheduler.advance(2000)
    await probe.answer(true)
    expect(store.getState()).toMatchObject({ status: 'reachable', failures: 1 })

    store.getState().reportUnreachable()
    scheduler.advance(1999)
    expect(probe.calls).toBe(2)
    scheduler.advance(1)
    expect(probe.calls).toBe(3)
    await probe.answer(true)

    store.getState().reportReachable()
    expect(store.getState().failures).toBe(0)
    store.getState().reportUnreachable()
    scheduler.advance(1000)
    expect(probe.calls).toBe(4)
  })

  it('a call answered while a probe is out wins; the late probe changes nothing', async () => {
    const { scheduler, probe, store } = setup()
    store.getState().reportUnreachable()
    scheduler.advance(1000)
    expect(store.getState().status).toBe('retrying')
    store.getState().reportReachable()
    await probe.answer(false)
    expect(store.getState()).toMatchObject({ status: 'reachable', failures: 0 })
    expect(scheduler.pending).toBe(0)
  })

  it('further failures while unreachable do not add probes', () => {
    const { scheduler, probe, store } = setup()
    store.getState().reportUnreachable()
    store.getState().reportUnreachable()
    store.getState().reportUnreachable()
    expect(scheduler.pending).toBe(1)
    scheduler.advance(1000)
    store.getState().reportUnreachable()
    expect(probe.calls).toBe(1)
    expect(scheduler.pending).toBe(0)
  })

  it('retryNow probes at once; stop ends probing and retryNow resumes it', async () => {
    const { scheduler, probe, store } = setup()
    store.getState().retryNow()
    expect(probe.calls).toBe(0)

    store.getState().reportUnreachable()
    store.getState().retryNow()
    expect(probe.calls).toBe(1)
    expect(scheduler.pending).toBe(0)

    store.getState().stop()
    expect(store.getState().status).toBe('unreachable')
    await probe.answer(true)
    expect(store.getState().status).toBe('unreachable')
    scheduler.advance(120_000)
    expect(probe.calls).toBe(1)

    store.getState().retryNow()
    expect(probe.calls).toBe(2)
    await probe.answer(true)
    expect(store.getState().status).toBe('reachable')
  })

  it('a probe that rejects counts as a failed one', async () => {
    const scheduler = createManualScheduler()
    const store = createConnectionStore(scheduler, () => Promise.reject(new Error('refused')), noJitter)
    store.getState().reportUnreachable()
    scheduler.advance(1000)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.getState()).toMatchObject({ status: 'unreachable', failures: 1 })
  })
})

describe('check (a console starting)', () => {
  it('probes quietly while reachable: nothing changes when the server answers', async () => {
    const { scheduler, probe, store } = setup()
    const seen: ConnectionStatus[] = []
    store.subscribe((s, before) => s.status !== before.status && seen.push(s.status))
    store.getState().check()
    expect(probe.calls).toBe(1)
    expect(store.getState().status).toBe('reachable')
    await probe.answer(true)
    expect(store.getState()).toMatchObject({ status: 'reachable', failures: 0 })
    expect(seen).toEqual([])
    expect(scheduler.pending).toBe(0)
  })

  it('a failed check is a failed call: unreachable, and probed from the base delay', async () => {
    const { scheduler, probe, store } = setup()
    store.getState().check()
    await probe.answer(false)
    expect(store.getState()).toMatchObject({ status: 'unreachable', failures: 0 })
    scheduler.advance(999)
    expect(probe.calls).toBe(1)
    scheduler.advance(1)
    expect(probe.calls).toBe(2)
    await probe.answer(true)
    expect(store.getState().status).toBe('reachable')
  })

  it('a call answered while the check is out wins over its late failure', async () => {
    const { scheduler, probe, store } = setup()
    store.getState().check()
    store.getState().reportReachable()
    await probe.answer(false)
    expect(store.getState()).toMatchObject({ status: 'reachable', failures: 0 })
    expect(scheduler.pending).toBe(0)
  })

  it('while unreachable it probes at once, as retryNow does', () => {
    const { scheduler, probe, store } = setup()
    store.getState().reportUnreachable()
    store.getState().check()
    expect(probe.calls).toBe(1)
    expect(store.getState().status).toBe('retrying')
    expect(scheduler.pending).toBe(0)
  })
})
