import { layoutSteps, unpackLayout, type GraphLayout, type LayoutInput } from './graph-layout'
import type { LayoutRequest, LayoutResponse } from './graph-layout.worker'

/**
 * Where the graph's layouts come from: a module worker when one can be had, else the main thread in slices; and a
 * cache per tenant and structure version, so coming back to the graph (or switching list ↔ graph) shows the
 * layout at once. One per console (`getLayoutClient(client)`), framework-free.
 */
export interface LayoutClient {
  /** The layout of this model's tenant and structure, if it was laid out already. */
  cached(input: LayoutInput): GraphLayout | undefined
  /** The layout, from the cache or laid out now (once, however many ask at the same time). */
  layout(input: LayoutInput): Promise<GraphLayout>
  /** Where layouts are made: `'worker'`, `'main-thread'` (no worker could be had), or `'unknown'` before the first. */
  readonly mode: 'worker' | 'main-thread' | 'unknown'
  /** Ends the worker; cached layouts stay. */
  stop(): void
}

export interface LayoutClientOptions {
  /** Makes the layout worker; `undefined` (or a throw) means none can be had. */
  createWorker?: () => Worker | undefined
  /** Gives the main thread back between slices of a main-thread layout. */
  yieldToMain?: () => Promise<void>
  /** How many layouts to keep (least recently used goes first). */
  max?: number
  /** Devices per slice on the main thread. */
  sliceSize?: number
}

/**
 * The layout worker, a file of the app: Vite (the host app's build and dev server, a partner's build of the package,
 * whose dist has `graph-layout.worker.js` beside its chunks) bundles `new URL('./…', import.meta.url)` in
 * `new Worker(…)` into a worker file of its own, so `worker-src 'self'` allows it. No worker in jsdom, and none that
 * loads where a dev server pre-bundled the package away from the file (its 'error' makes the client lay out on the
 * main thread); in CommonJS `import.meta.url` is empty and `new URL` throws, which means the same.
 */
export function createLayoutWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined
  return new Worker(new URL('./graph-layout.worker.js', import.meta.url), { type: 'module', name: 'honu-graph-layout' })
}

const yieldByTimeout = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export function createLayoutClient(options: LayoutClientOptions = {}): LayoutClient {
  const createWorker = options.createWorker ?? createLayoutWorker
  const yieldToMain = options.yieldToMain ?? yieldByTimeout
  const max = options.max ?? 8
  const cache = new Map<string, GraphLayout>()
  const unversioned = new WeakMap<LayoutInput, GraphLayout>()
  const inFlight = new Map<string, Promise<GraphLayout>>()
  let worker: Worker | undefined
  let workerBroken = false
  let nextId = 1
  let mode: LayoutClient['mode'] = 'unknown'
  const pending = new Map<number, { resolve: (layout: GraphLayout) => void; reject: (error: Error) => void }>()

  const keyOf = (input: LayoutInput) => (input.structureVersion === undefined ? undefined : `${input.tenant.id}\u0000${input.structureVersion}`)

  function remember(input: LayoutInput, layout: GraphLayout) {
    const key = keyOf(input)
    if (key === undefined) {
      unversioned.set(input, layout)
      return
    }
    cache.delete(key)
    cache.set(key, layout)
    while (cache.size > max) cache.delete(cache.keys().next().value!)
  }

  function getWorker(): Worker | undefined {
    if (worker || workerBroken) return worker
    try {
      worker = createWorker()
    } catch {
      worker = undefined
    }
    if (!worker) {
      workerBroken = true
      return undefined
    }
    worker.addEventListener('message', (event: MessageEvent<LayoutResponse>) => {
      const request = pending.get(event.data.id)
      if (!request) return
      pending.delete(event.data.id)
      if ('layout' in event.data) request.resolve(unpackLayout(event.data.layout))
      else request.reject(new Error(event.data.error))
    })
    // A worker file that cannot be loaded (a dev server that moved the package's code, a refused address): lay out
    // on the main thread from now on.
    worker.addEventListener('error', (event) => {
      event.preventDefault()
      breakWorker(new WorkerUnavailable())
    })
    return worker
  }

  function breakWorker(error: Error) {
    workerBroken = true
    worker?.terminate()
    worker = undefined
    const waiting = [...pending.values()]
    pending.clear()
    for (const request of waiting) request.reject(error)
  }

  function inWorker(input: LayoutInput): Promise<GraphLayout> | undefined {
    const target = getWorker()
    if (!target) return undefined
    const id = nextId++
    return new Promise<GraphLayout>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      target.postMessage({ id, input: slim(input) } satisfies LayoutRequest)
    })
  }

  async function onMainThread(input: LayoutInput): Promise<GraphLayout> {
    mode = 'main-thread'
    const steps = layoutSteps(input, options.sliceSize)
    for (;;) {
      const step = steps.next()
      if (step.done) return step.value
      await yieldToMain()
    }
  }

  async function compute(input: LayoutInput): Promise<GraphLayout> {
    const viaWorker = inWorker(input)
    if (viaWorker) {
      try {
        const layout = await viaWorker
        mode = 'worker'
        return layout
      } catch (error) {
        if (!(error instanceof WorkerUnavailable)) throw error
      }
    }
    return onMainThread(input)
  }

  return {
    get mode() {
      return mode
    },
    cached(input) {
      const key = keyOf(input)
      return key === undefined ? unversioned.get(input) : cache.get(key)
    },
    layout(input) {
      const known = this.cached(input)
      if (known) {
        remember(input, known) // most recently used now
        return Promise.resolve(known)
      }
      const key = keyOf(input)
      const running = key === undefined ? undefined : inFlight.get(key)
      if (running) return running
      const promise = compute(input).then(
        (layout) => {
          remember(input, layout)
          if (key !== undefined) inFlight.delete(key)
          return layout
        },
        (error: unknown) => {
          if (key !== undefined) inFlight.delete(key)
          throw error
        },
      )
      if (key !== undefined) inFlight.set(key, promise)
      return promise
    },
    stop() {
      worker?.terminate()
      worker = undefined
      const waiting = [...pending.values()]
      pending.clear()
      // Anyone still waiting is answered from the main thread.
      for (const request of waiting) request.reject(new WorkerUnavailable())
    },
  }
}

class WorkerUnavailable extends Error {
  constructor() {
    super('The layout worker is not available.')
    this.name = 'WorkerUnavailable'
  }
}

/** Only what the layout reads: a smaller message to the worker than the whole model. */
function slim(input: LayoutInput): LayoutInput {
  return {
    tenant: { id: input.tenant.id },
    structureVersion: input.structureVersion,
    networks: input.networks.map((network) => ({
      id: network.id,
      overlaps: network.overlaps.map((ref) => ({ id: ref.id, tenantId: ref.tenantId })),
    })),
    devices: input.devices.map((device) => ({ id: device.id, kind: device.kind, networkId: device.networkId })),
  }
}

const LAYOUT_CLIENT_KEY = '@honu/console-react/topology-graph-layout'

/** The console's layout client: its cache lives as long as the console, so a layout is kept between visits. */
export function getLayoutClient(client: { use<T extends { start(): void; stop(): void }>(key: string, create: () => T): T }): LayoutClient {
  return client.use(LAYOUT_CLIENT_KEY, () => {
    const layouts = createLayoutClient()
    // The console's stop() ends the worker; the cache stays for when it starts again.
    return Object.assign(layouts, { start() {} })
  })
}
