import { describe, expect, it, vi } from 'vitest'
import { layoutTopology, packLayout, type LayoutInput } from './graph-layout'
import { createLayoutClient } from './graph-layout-client'
import type { LayoutRequest } from './graph-layout.worker'

const input = (structureVersion: number | undefined, tenant = 'alpha'): LayoutInput => ({
  tenant: { id: tenant },
  structureVersion,
  networks: [{ id: `${tenant}/remote`, overlaps: [] }],
  devices: Array.from({ length: 30 }, (_, i) => ({ id: `d${i}`, kind: 'camera', networkId: `${tenant}/remote` })),
})

/** A stand-in for the module worker at the unit boundary: lays out what it is posted, when told to answer. */
class FakeWorker extends EventTarget {
  posted: LayoutRequest[] = []
  terminated = false
  postMessage(message: LayoutRequest) {
    this.posted.push(structuredClone(message))
  }
  answerAll() {
    for (const { id, input } of this.posted.splice(0)) {
      this.dispatchEvent(new MessageEvent('message', { data: { id, layout: packLayout(layoutTopology(input)).packed } }))
    }
  }
  fail() {
    this.dispatchEvent(new Event('error', { cancelable: true }))
  }
  terminate() {
    this.terminated = true
  }
}

describe('createLayoutClient', () => {
  it('lays out in the worker, once for callers at the same time, and keeps the layout per tenant and structure', async () => {
    const worker = new FakeWorker()
    const layouts = createLayoutClient({ createWorker: () => worker as unknown as Worker })
    const first = layouts.layout(input(1))
    const second = layouts.layout(input(1))
    expect(worker.posted).toHaveLength(1)
    // Only what the layout reads goes to the worker.
    expect(Object.keys(worker.posted[0]!.input.devices[0]!)).toEqual(['id', 'kind', 'networkId'])
    worker.answerAll()
    const layout = await first
    expect(await second).toBe(layout)
    expect(layout).toEqual(layoutTopology(input(1)))
    expect(layouts.mode).toBe('worker')

    expect(layouts.cached(input(1))).toBe(layout)
    expect(await layouts.layout(input(1))).toBe(layout)
    expect(worker.posted).toHaveLength(0)
    // A new structure, or another tenant, is laid out again.
    expect(layouts.cached(input(2))).toBeUndefined()
    expect(layouts.cached(input(1, 'bravo'))).toBeUndefined()
    void layouts.layout(input(2))
    expect(worker.posted).toHaveLength(1)
  })

  it('forgets the least recently used layout beyond its size', async () => {
    const layouts = createLayoutClient({ createWorker: () => undefined, max: 2 })
    await layouts.layout(input(1))
    await layouts.layout(input(2))
    await layouts.layout(input(1))
    await layouts.layout(input(3))
    expect(layouts.cached(input(1))).toBeDefined()
    expect(layouts.cached(input(2))).toBeUndefined()
    expect(layouts.cached(input(3))).toBeDefined()
  })

  it('lays out on the main thread in slices when no worker can be had', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve())
    const layouts = createLayoutClient({
      createWorker: () => {
        throw new Error('refused by the policy')
      },
      yieldToMain,
      sliceSize: 10,
    })
    const layout = await layouts.layout(input(1))
    expect(layout).toEqual(layoutTopology(input(1)))
    expect(yieldToMain.mock.calls.length).toBeGreaterThanOrEqual(3)
    expect(layouts.mode).toBe('main-thread')
  })

  it('falls back to the main thread when the worker file cannot be loaded, for the waiting and the next layouts', async () => {
    const worker = new FakeWorker()
    const createWorker = vi.fn(() => worker as unknown as Worker)
    const layouts = createLayoutClient({ createWorker })
    const waiting = layouts.layout(input(1))
    worker.fail()
    expect(await waiting).toEqual(layoutTopology(input(1)))
    expect(worker.terminated).toBe(true)
    expect(await layouts.layout(input(2))).toEqual(layoutTopology(input(2)))
    expect(createWorker).toHaveBeenCalledTimes(1)
    expect(layouts.mode).toBe('main-thread')
  })

  it('keeps a layout without a structure version by the model it was made for', async () => {
    const layouts = createLayoutClient({ createWorker: () => undefined })
    const model = input(undefined)
    const layout = await layouts.layout(model)
    expect(layouts.cached(model)).toBe(layout)
    expect(layouts.cached(input(undefined))).toBeUndefined()
  })

  it('answers layouts still waiting for the worker from the main thread when stopped', async () => {
    const worker = new FakeWorker()
    const layouts = createLayoutClient({ createWorker: () => worker as unknown as Worker })
    const waiting = layouts.layout(input(1))
    layouts.stop()
    expect(worker.terminated).toBe(true)
    expect(await waiting).toEqual(layoutTopology(input(1)))
  })
})
