import { describe, expect, it, vi } from 'vitest'
import { translateSource } from '@honu/core'
import type { DevicePresence } from '@honu/core/live'
import { buildTopology, EMPTY_FILTER, topologyWords, type TopologyFilter } from '@honu/core/topology'
import { alpha, alphaDevices, bravo } from '../__fixtures__/fake-topology'
import { createGraphController, type GraphControllerOptions } from './graph-controller'
import { layoutTopology, type GraphLayout } from './graph-layout'
import { graphMessages } from './graph-messages'
import type { GraphRenderer, GraphRendererOptions, GraphSigma } from './graph-renderer'
import { createGraphScene, type StateColours } from './graph-scene'

// The graph's machine without React or WebGL: the renderer is a recording fake at its boundary (the real one, sigma
// in Chromium, is driven by e2e/topology-graph.spec.ts and the graph's stories through the same controller).

const t = (key: keyof (typeof graphMessages)['messages'] & string, values?: Record<string, unknown>) =>
  translateSource(graphMessages, key, values as never)
const w = (key: keyof (typeof topologyWords)['messages'] & string, values?: Record<string, unknown>) =>
  translateSource(topologyWords, key, values as never)
const colour = (name: string) => `#${name}`
const colours: StateColours = {
  online: colour('online'),
  stale: colour('stale'),
  offline: colour('offline'),
  tenant: colour('tenant'),
  network: colour('network'),
  foreign: colour('foreign'),
  graph: { dim: '#d', edge: '#e', overlap: '#o', focusEdge: '#f', label: '#l' },
}

/** Alpha's model with these devices' live states (the rest offline). */
const modelWith = (states: Record<string, DevicePresence['state']> = {}) => {
  const presence = Object.fromEntries(Object.entries(states).map(([deviceId, state]) => [deviceId, { deviceId, tenantId: 'alpha', state }]))
  return buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices: alphaDevices, presence }, { structureVersion: 1 })
}
const sceneOf = (model = modelWith(), layout: GraphLayout | 'being laid out' = layoutTopology(model), filter: TopologyFilter = EMPTY_FILTER) =>
  createGraphScene({ model, filter, layout: layout === 'being laid out' ? undefined : layout, t, w })

/** A renderer that records what it was asked, and the options it was made with. */
function fakeRenderers() {
  const made: { options: GraphRendererOptions; calls: string[]; renderer: GraphRenderer }[] = []
  const create = (options: GraphRendererOptions): GraphRenderer => {
    const calls: string[] = []
    const renderer: GraphRenderer = {
      sigma: { id: made.length } as unknown as GraphSigma,
      setLayout: (layout) => calls.push(`setLayout ${layout.nodes.length}`),
      update: () => calls.push('update'),
      setFocus: (key) => calls.push(`focus ${key ?? '-'}`),
      showNode: (key) => calls.push(`show ${key}`),
      fit: () => calls.push('fit'),
      zoom: (factor) => calls.push(`zoom ${factor}`),
      kill: () => calls.push('kill'),
    }
    made.push({ options, calls, renderer })
    return renderer
  }
  return { made, create }
}

function setUp(overrides: Partial<GraphControllerOptions> = {}) {
  const renderers = fakeRenderers()
  const options = { createRenderer: renderers.create, onSelect: vi.fn(), onOpen: vi.fn(), onRendered: vi.fn(), ...overrides }
  const controller = createGraphController(options)
  const canvas = {} as HTMLElement
  return { controller, options, renderers, canvas }
}

describe('the graph controller', () => {
  it('makes the renderer at mount, draws the layout once it is laid out, then only redraws looks for new states', () => {
    const { controller, options, renderers, canvas } = setUp()
    const model = modelWith()
    controller.setScene(sceneOf(model, 'being laid out'))
    controller.mount(canvas, colours)
    expect(renderers.made).toHaveLength(1)
    expect(renderers.made[0]!.options.layout).toBeUndefined()
    expect(controller.getState().drawn).toBe(false)

    const layout = layoutTopology(model)
    controller.setScene(sceneOf(model, layout))
    expect(renderers.made[0]!.calls).toEqual([`setLayout ${layout.nodes.length}`, 'focus -'])
    expect(controller.getState()).toEqual({ failed: false, announcement: '', drawn: true })
    expect(options.onRendered).toHaveBeenCalledTimes(1)

    // A live state: the same layout, new looks, read through the renderer's `look`.
    const online = modelWith({ 'alpha-usv-1': 'online' })
    controller.setScene(sceneOf(online, layout))
    expect(renderers.made[0]!.calls.slice(2)).toEqual(['update'])
    expect(renderers.made[0]!.options.look('d:alpha-usv-1', 'device')).toEqual({
      label: 'USV Kahu',
      color: '#online',
      shape: 'circle',
      hidden: false,
    })
    expect(renderers.made[0]!.options.look('d:alpha-usv-2', 'device')).toMatchObject({
      label: 'USV Manu (offline)',
      color: '#offline',
      shape: 'square',
    })
    expect(options.onRendered).toHaveBeenCalledTimes(1)
  })

  it('hides the devices the filter leaves out, and a new structure is drawn afresh', () => {
    const { controller, renderers, canvas } = setUp()
    const model = modelWith()
    const layout = layoutTopology(model)
    controller.setScene(sceneOf(model, layout, { ...EMPTY_FILTER, kinds: ['vehicle'] }))
    controller.mount(canvas, colours)
    const { look } = renderers.made[0]!.options
    expect(look('d:alpha-cam-1', 'device').hidden).toBe(true)
    expect(look('d:alpha-usv-1', 'device').hidden).toBe(false)
    expect(look('n:bravo/remote', 'foreign-network')).toMatchObject({ color: '#foreign', shape: 'diamond', hidden: false })

    controller.setScene(sceneOf(model, 'being laid out'))
    expect(controller.getState().drawn).toBe(false)
    expect(renderers.made[0]!.calls.at(-1)).toBe('setLayout 0')
    controller.setScene(sceneOf(model, layoutTopology(model)))
    expect(controller.getState().drawn).toBe(true)
  })

  it('says so when no WebGL context can be made, and draws again on the next mount that succeeds', () => {
    let refuse = true
    const renderers = fakeRenderers()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { controller, canvas } = setUp({
      createRenderer: (options) => {
        if (refuse) throw new Error('no WebGL 2')
        return renderers.create(options)
      },
    })
    controller.setScene(sceneOf())
    controller.mount(canvas, colours)
    expect(controller.getState()).toEqual({ failed: true, announcement: '', drawn: false })
    expect(warn).toHaveBeenCalledWith('The network graph cannot be drawn:', expect.any(Error))
    refuse = false
    controller.mount(canvas, colours)
    expect(controller.getState()).toMatchObject({ failed: false, drawn: true })
    warn.mockRestore()
  })

  it('a theme switch kills the renderer and makes one in the new colours with the same layout', () => {
    const { controller, options, renderers, canvas } = setUp()
    controller.setScene(sceneOf())
    controller.mount(canvas, colours)
    controller.setFocus('d:alpha-cam-1')
    controller.unmount()
    controller.mount(canvas, { ...colours, online: '#dark-online' })
    expect(renderers.made[0]!.calls.at(-1)).toBe('kill')
    expect(renderers.made).toHaveLength(2)
    expect(renderers.made[1]!.options.layout).toBeDefined()
    expect(renderers.made[1]!.calls).toEqual(['focus d:alpha-cam-1'])
    expect(renderers.made[1]!.options.look('d:alpha-usv-1', 'device').color).toBe('#offline')
    expect(options.onRendered).toHaveBeenCalledTimes(2)
  })

  it('walks the graph from the keyboard, announcing each node, opens a device with Enter and lets go with Escape', () => {
    const { controller, options, renderers, canvas } = setUp()
    controller.setScene(sceneOf())
    controller.mount(canvas, colours)
    const calls = renderers.made[0]!.calls

    // No focus yet: ArrowRight starts at the tenant (the selection follows the host, as TopologyGraph passes it back).
    expect(controller.keyDown('ArrowRight')).toBe(true)
    expect(options.onSelect).toHaveBeenLastCalledWith('alpha')
    expect(calls.at(-1)).toBe('show t:alpha')
    expect(controller.getState().announcement).toBe('Alpha Harbour, tenant: 2 networks, 5 devices.')
    controller.setFocus('t:alpha')

    expect(controller.keyDown('ArrowDown')).toBe(true)
    expect(options.onSelect).toHaveBeenLastCalledWith('alpha/remote')
    controller.setFocus('n:alpha/remote')
    controller.keyDown('ArrowDown')
    controller.setFocus('n:bravo/remote')
    controller.keyDown('ArrowRight')
    expect(options.onSelect).toHaveBeenLastCalledWith('alpha-cam-1')
    controller.setFocus('d:alpha-cam-1')
    expect(controller.getState().announcement).toBe('Bow camera, Camera, Offline, 10.10.1.10. 1 of 3 in Alpha Harbour Remote network 10.10.0.0/16.')

    expect(controller.keyDown('Enter')).toBe(true)
    expect(options.onOpen).toHaveBeenCalledWith('alpha-cam-1')
    expect(controller.keyDown('+')).toBe(true)
    expect(controller.keyDown('0')).toBe(true)
    expect(calls.slice(-2)).toEqual(['zoom 1.5', 'fit'])
    expect(controller.keyDown('a')).toBe(false)

    expect(controller.keyDown('Escape')).toBe(true)
    expect(options.onSelect).toHaveBeenLastCalledWith(undefined)
    expect(controller.getState().announcement).toBe('')
    controller.setFocus(undefined)
    // Nothing focused: Escape is not the graph's (a dialog around it may close).
    expect(controller.keyDown('Escape')).toBe(false)
  })

  it('announces the focused device again when its live state changes, and not for other changes', () => {
    const { controller, canvas } = setUp()
    const layout = layoutTopology(modelWith())
    controller.setScene(sceneOf(modelWith(), layout))
    controller.mount(canvas, colours)
    controller.focusOn('d:alpha-usv-1')
    controller.setFocus('d:alpha-usv-1')
    expect(controller.getState().announcement).toMatch(/^USV Kahu, Vehicle, Offline/)

    controller.setScene(sceneOf(modelWith({ 'alpha-cam-1': 'online' }), layout))
    expect(controller.getState().announcement).toMatch(/^USV Kahu, Vehicle, Offline/)
    controller.setScene(sceneOf(modelWith({ 'alpha-usv-1': 'stale' }), layout))
    expect(controller.getState().announcement).toMatch(/^USV Kahu, Vehicle, Stale/)
  })

  it('tells its subscribers only when what it shows changes', () => {
    const { controller, canvas } = setUp()
    const listener = vi.fn()
    const stop = controller.subscribe(listener)
    controller.setScene(sceneOf())
    controller.mount(canvas, colours)
    expect(listener).toHaveBeenCalledTimes(1) // drawn
    controller.setFocus('t:alpha')
    controller.fit()
    expect(listener).toHaveBeenCalledTimes(1)
    stop()
    controller.focusOn('t:alpha')
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
