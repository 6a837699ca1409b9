import { describe, expect, it, vi } from 'vitest'
import { createManualScheduler } from '@honu/core/testing'
import type { MapController, MapControllerOptions } from './map-controller'
import { emptyMissionPlan } from '@honu/core/mission'
import type { PlanLayerView } from './plan-layer'
import type { MapVehicle } from './map-vehicle'
import { createVehicleMapController, LIST_MS, TICK_MS, type VehicleMapInput } from './vehicle-map-controller'

// The machine without React or MapLibre: a fake map (what it was handed), the manual scheduler for the tick and the
// list, and animation frames run by hand.

const NOW = 1_700_000_000_000
const vehicle = (deviceId: string, lat: number, more: Partial<MapVehicle> = {}): MapVehicle => ({
  deviceId,
  time: NOW,
  position: { lat, lon: 10, altitudeM: 0 },
  headingDeg: 90,
  ...more,
})

function setup(start: Partial<VehicleMapInput> & { follow?: boolean } = {}) {
  const scheduler = createManualScheduler()
  let frames: (() => void)[] = []
  let clock = NOW
  const calls: { drawn: string[][]; fits: boolean[]; centred: [number, number][]; plans: (PlanLayerView | undefined)[]; destroyed: number } = {
    plans: [],
    drawn: [],
    fits: [],
    centred: [],
    destroyed: 0,
  }
  let made: MapControllerOptions | undefined
  let shows = true
  const map: MapController = {
    setVehicles: (data) => void calls.drawn.push(data.ids.slice(0, data.pointCount)),
    fitBounds: (_bounds, animate) => void calls.fits.push(animate),
    centerOn: (lonLat) => void calls.centred.push(lonLat),
    zoomBy: vi.fn(),
    setPlan: (view) => void calls.plans.push(view),
    center: () => ({ lat: 21.3, lon: -157.86 }),
    showsAny: () => shows,
    destroy: () => void calls.destroyed++,
  }
  const input: VehicleMapInput = { vehicles: [], clock: () => clock, label: 'Map', showList: true, ...start }
  const controller = createVehicleMapController({
    ...input,
    scheduler,
    elapsed: () => scheduler.now,
    frames: {
      request: (callback) => frames.push(callback),
      cancel: () => void (frames = []),
    },
    loadMap: () =>
      Promise.resolve((options: MapControllerOptions) => {
        made = options
        return map
      }),
  })
  const runFrame = () => {
    const due = frames
    frames = []
    for (const callback of due) callback()
  }
  const mount = async () => {
    const unmount = controller.mount(document.createElement('div'), { workerUrl: '/worker.js' })
    await Promise.resolve()
    await Promise.resolve()
    return unmount
  }
  return {
    controller,
    scheduler,
    calls,
    runFrame,
    mount,
    pendingFrames: () => frames.length,
    made: () => made!,
    setClock: (value: number) => void (clock = value),
    setShows: (value: boolean) => void (shows = value),
    update: (next: Partial<VehicleMapInput>) => controller.update({ ...input, ...next }),
  }
}

describe('createVehicleMapController', () => {
  it('writes the vehicles for the map once per frame however many batches came, and fits the first ones', async () => {
    const { controller, calls, runFrame, mount, update, pendingFrames } = setup()
    await mount()
    expect(controller.getSnapshot().attached).toBe(true)
    runFrame()
    expect(calls.drawn).toEqual([[]])
    expect(calls.fits).toEqual([])

    update({ vehicles: [vehicle('a', 1)] })
    update({ vehicles: [vehicle('a', 1.1), vehicle('b', 2)] })
    update({ vehicles: [vehicle('a', 1.2), vehicle('b', 2.1)], selectedId: 'a' })
    expect(pendingFrames()).toBe(1)
    runFrame()
    // The newest batch, the selected vehicle last; fitted once, not animated.
    expect(calls.drawn.at(-1)).toEqual(['b', 'a'])
    expect(calls.fits).toEqual([false])

    update({ vehicles: [vehicle('a', 1.3), vehicle('b', 2.2)], selectedId: 'a' })
    runFrame()
    expect(calls.fits).toEqual([false])
    // Nothing new: no frame.
    expect(pendingFrames()).toBe(0)
  })

  it('makes the map with its label and hands clicks to the newest onSelect; unmounting destroys it', async () => {
    const { controller, calls, mount, update, made } = setup({ label: 'Harbour' })
    const onSelect = vi.fn()
    const unmount = await mount()
    expect(made().label).toBe('Harbour')
    update({ onSelect })
    made().onSelect('kahu')
    expect(onSelect).toHaveBeenCalledWith('kahu')
    made().onIdle({ basemap: true, vehicles: 3 })
    expect(controller.getSnapshot()).toMatchObject({ state: 'ready', basemap: true, drawnVehicles: 3 })
    made().onIdle({ basemap: false, vehicles: 2 })
    expect(controller.getSnapshot()).toMatchObject({ basemap: true, drawnVehicles: 2 })
    unmount()
    expect(calls.destroyed).toBe(1)
    expect(controller.getSnapshot()).toMatchObject({ state: 'loading', attached: false })
  })

  it('hands the map its site-pack indexes and credits each drawn pack once, until the map goes', async () => {
    const { controller, made } = setup()
    const unmount = controller.mount(document.createElement('div'), { workerUrl: '/worker.js', sitePacks: ['/packs/index.json'] })
    await Promise.resolve()
    await Promise.resolve()
    expect(made().sitePacks).toEqual(['/packs/index.json'])
    expect(controller.getSnapshot().attributions).toEqual([])
    const pack = { name: 'kiel', bounds: [10, 54, 10.3, 54.4] as [number, number, number, number], url: '/packs/kiel.geojson' }
    made().onSitePack!({ ...pack, attribution: '© OpenStreetMap contributors' })
    made().onSitePack!({ ...pack, name: 'honolulu', attribution: '© OpenStreetMap contributors' })
    made().onSitePack!({ ...pack, name: 'own' })
    expect(controller.getSnapshot().attributions).toEqual(['© OpenStreetMap contributors'])
    unmount()
    expect(controller.getSnapshot().attributions).toEqual([])
  })

  it('says why no map could be made', async () => {
    const controller = createVehicleMapController({
      vehicles: [],
      clock: () => NOW,
      label: 'Map',
      showList: false,
      scheduler: createManualScheduler(),
      loadMap: () => Promise.reject(new Error('no WebGL')),
    })
    controller.mount(document.createElement('div'), { workerUrl: '/worker.js' })
    await vi.waitFor(() => expect(controller.getSnapshot()).toMatchObject({ state: 'error', error: 'no WebGL' }))
  })

  it('makes no map without a worker, and none after an unmount that came first', async () => {
    const { controller, mount, calls } = setup()
    controller.mount(document.createElement('div'), {})()
    const unmount = controller.mount(document.createElement('div'), { workerUrl: '/worker.js' })
    unmount()
    await Promise.resolve()
    await Promise.resolve()
    expect(controller.getSnapshot().attached).toBe(false)
    expect(calls.destroyed).toBe(0)
    await mount()
    expect(controller.getSnapshot().attached).toBe(true)
  })

  it('shows the list the newest vehicles at most every LIST_MS, and not at all when hidden', async () => {
    const { controller, scheduler, mount, update } = setup()
    await mount()
    const listener = vi.fn()
    controller.subscribe(listener)
    const first = [vehicle('a', 1)]
    update({ vehicles: first })
    scheduler.advance(0)
    expect(controller.getSnapshot().listed).toBe(first)
    const newest = [vehicle('a', 1.3)]
    update({ vehicles: [vehicle('a', 1.1)] })
    scheduler.advance(100)
    update({ vehicles: [vehicle('a', 1.2)] })
    scheduler.advance(100)
    update({ vehicles: newest })
    scheduler.advance(LIST_MS - 201)
    expect(controller.getSnapshot().listed).toBe(first)
    scheduler.advance(1)
    expect(controller.getSnapshot().listed).toBe(newest)
    expect(listener).toHaveBeenCalledTimes(2)

    update({ vehicles: [vehicle('a', 2)], showList: false })
    scheduler.advance(LIST_MS * 2)
    expect(controller.getSnapshot().listed).toBe(newest)
  })

  it('ticks for stale: a new clock redraws the map and the list', async () => {
    const { controller, scheduler, mount, update, runFrame, calls, setClock, pendingFrames } = setup()
    await mount()
    update({ vehicles: [vehicle('a', 1)] })
    runFrame()
    const drawn = calls.drawn.length
    // The same time: nothing.
    scheduler.advance(TICK_MS)
    expect(pendingFrames()).toBe(0)
    setClock(NOW + 6000)
    scheduler.advance(TICK_MS)
    expect(controller.getSnapshot().now).toBe(NOW + 6000)
    runFrame()
    expect(calls.drawn.length).toBe(drawn + 1)
  })

  it('follows the selected vehicle when it moves, until the map is moved by hand; Fit stops it too', async () => {
    const { controller, mount, update, runFrame, calls, made } = setup({ follow: true, selectedId: 'a' })
    await mount()
    update({ vehicles: [vehicle('a', 1), vehicle('b', 2)], selectedId: 'a' })
    runFrame()
    expect(calls.centred).toEqual([[10, 1]])
    // Not moved: not centred again.
    update({ vehicles: [vehicle('a', 1), vehicle('b', 2.1)], selectedId: 'a' })
    runFrame()
    update({ vehicles: [vehicle('a', 1.5), vehicle('b', 2.1)], selectedId: 'a' })
    runFrame()
    expect(calls.centred).toEqual([
      [10, 1],
      [10, 1.5],
    ])
    made().onUserMove()
    expect(controller.getSnapshot().follow).toBe(false)
    update({ vehicles: [vehicle('a', 1.6)], selectedId: 'a' })
    runFrame()
    expect(calls.centred).toHaveLength(2)

    controller.setFollow(true)
    runFrame()
    expect(calls.centred.at(-1)).toEqual([10, 1.6])
    controller.fitAll()
    expect(controller.getSnapshot().follow).toBe(false)
    expect(calls.fits.at(-1)).toBe(true)
  })

  it('hands an open plan to the map, fits it before the vehicles once per plan, and routes clicks to the planning tool', async () => {
    const plan = {
      ...emptyMissionPlan(),
      items: [{ kind: 'waypoint' as const, lat: 54.36, lon: 10.17, alt: 30, frame: 'relative' as const, holdSeconds: 0 }],
    }
    const view: PlanLayerView = { plan, draft: [], editable: true, label: () => 'handle' }
    const placed: { lat: number; lon: number }[] = []
    const editor = {}
    const { mount, update, runFrame, calls, made, setShows } = setup({ plan: view, planKey: editor })
    await mount()
    // Handed as soon as the map is made.
    expect(calls.plans).toEqual([view])
    update({ vehicles: [vehicle('a', 1)], plan: view, planKey: editor })
    runFrame()
    // The plan was fitted (not animated), and the vehicles were not: the plan is what is being worked on.
    expect(calls.fits).toEqual([false])
    const far: PlanLayerView = { ...view, plan: { ...plan, items: [{ ...plan.items[0]!, lat: -30 }] } }
    update({ vehicles: [vehicle('a', 1)], plan: far, planKey: editor })
    runFrame()
    // Still in view: not fitted again.
    expect(calls.fits).toEqual([false])
    setShows(false)
    update({ vehicles: [vehicle('a', 1)], plan: { ...far }, planKey: editor })
    runFrame()
    // Out of view (typed far away): fitted again.
    expect(calls.fits).toEqual([false, false])
    const moved: PlanLayerView = { ...view, plan: { ...plan, items: [] } }
    update({ vehicles: [vehicle('a', 1)], plan: moved, planKey: editor })
    expect(calls.plans.at(-1)).toBe(moved)
    runFrame()
    expect(calls.fits).toEqual([false, false])
    // A click the planning tool takes.
    expect(made().onPlace?.({ lat: 1, lon: 2 })).toBe(false)
    update({ vehicles: [vehicle('a', 1)], plan: moved, planKey: editor, onPlace: (point) => placed.push(point) > 0 })
    expect(made().onPlace?.({ lat: 1, lon: 2 })).toBe(true)
    expect(placed).toEqual([{ lat: 1, lon: 2 }])
    // Closed: the map is told.
    update({ vehicles: [vehicle('a', 1)], plan: undefined, planKey: undefined })
    expect(calls.plans.at(-1)).toBeUndefined()
  })
})
