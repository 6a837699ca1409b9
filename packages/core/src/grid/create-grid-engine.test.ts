// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { createGridEngine, gridStackOptions } from './create-grid-engine'
import { GRID } from './size-scale'

function item(id: string) {
  const el = document.createElement('div')
  el.className = 'grid-stack-item'
  el.setAttribute('gs-id', id)
  const content = document.createElement('div')
  content.className = 'grid-stack-item-content'
  const handle = document.createElement('span')
  handle.className = 'honu-grid-item__handle'
  content.appendChild(handle)
  el.appendChild(content)
  return el
}

/** A pointer pressed at (100, 100) on `target`, moved `px` to the right; answers whether anything was reported. */
function press(target: Element, px: number) {
  // gridstack reads MouseEvent.x/y, which jsdom leaves out: give the events their page coordinates.
  const mouse = (type: string, x: number, on: EventTarget) => {
    const event = new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: x, clientY: 100 })
    Object.defineProperties(event, { x: { value: x }, y: { value: 100 } })
    on.dispatchEvent(event)
  }
  mouse('mousedown', 100, target)
  mouse('mousemove', 100 + px, document)
  mouse('mouseup', 100 + px, document)
}

/** An item's place as gridstack writes it (it leaves out x/y of 0 and w/h of 1). */
const placeOf = (el: HTMLElement) => ({
  x: Number(el.getAttribute('gs-x') ?? 0),
  y: Number(el.getAttribute('gs-y') ?? 0),
  w: Number(el.getAttribute('gs-w') ?? 1),
  h: Number(el.getAttribute('gs-h') ?? 1),
})

describe('createGridEngine (real gridstack in jsdom)', () => {
  it("logs the spec's messages when used before mount (§5)", () => {
    const logger = { warn: vi.fn(), error: vi.fn() }
    const engine = createGridEngine({ logger })
    engine.add(item('a'), { id: 'a', type: 'Map', name: 'map' })
    engine.load([{ el: item('b'), widget: { id: 'b', type: 'Map', name: 'map' } }])
    expect(logger.error.mock.calls).toEqual([['cannot add new gridItem: grid is undefined'], ['cannot load grid items, grid is undefined']])
  })

  it('mounts once per element, even when asked twice (StrictMode), and remounts after destroy', async () => {
    const loads = vi.fn(async () => (await import('gridstack')).GridStack)
    const engine = createGridEngine({ loadGridStack: loads })
    const el = document.createElement('div')
    document.body.appendChild(el)
    await Promise.all([engine.mount(el), engine.mount(el)])
    expect(engine.mounted).toBe(true)
    expect(loads).toHaveBeenCalledTimes(1)
    engine.destroy()
    expect(engine.mounted).toBe(false)
    await engine.mount(el)
    expect(engine.mounted).toBe(true)
    engine.destroy()
  })

  it('fans one gridstack event out to every listener, each with its own unsubscribe', async () => {
    const engine = createGridEngine()
    const el = document.createElement('div')
    document.body.appendChild(el)
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = engine.on('change', first)
    engine.on('change', second)
    await engine.mount(el)
    const a = item('a')
    el.appendChild(a)
    engine.add(a, { id: 'a', type: 'Map', name: 'map', x: 0, y: 0, w: 4, h: 2 })
    // What a user's drag does inside gridstack (the engine's own updates are not reported).
    const gridstack = (el as unknown as { gridstack: { update(el: HTMLElement, o: object): void } }).gridstack
    gridstack.update(a, { x: 4 })
    expect(first).toHaveBeenCalledWith([expect.objectContaining({ id: 'a', x: 4, w: 4 })])
    expect(second).toHaveBeenCalledTimes(first.mock.calls.length)
    stopFirst()
    gridstack.update(a, { x: 2 })
    expect(second.mock.calls.at(-1)![0]).toEqual([expect.objectContaining({ id: 'a', x: 2 })])
    expect(first.mock.calls.length).toBe(second.mock.calls.length - 1)
    engine.destroy()
  })

  it('clears a bound given as undefined, keeps one not given', async () => {
    const engine = createGridEngine()
    const el = document.createElement('div')
    document.body.appendChild(el)
    await engine.mount(el)
    const a = item('a')
    el.appendChild(a)
    engine.add(a, { id: 'a', type: 'Map', name: 'map', x: 0, y: 0, w: 4, h: 8, minW: 2, minH: 4 })
    engine.update(a, { w: 1, h: 1 })
    expect(placeOf(a)).toMatchObject({ w: 2, h: 4 }) // the minimums still hold
    engine.update(a, { w: 1, h: 1, minW: undefined, minH: undefined })
    expect(placeOf(a)).toMatchObject({ w: 1, h: 1 })
    engine.destroy()
  })

  it("does not report gridstack's rescaling on a column change as a user's move; sync puts items back", async () => {
    const engine = createGridEngine({ columns: 12 })
    const el = document.createElement('div')
    document.body.appendChild(el)
    await engine.mount(el)
    const a = item('a')
    el.appendChild(a)
    engine.add(a, { id: 'a', type: 'Map', name: 'map', x: 6, y: 0, w: 6, h: 2 })
    const changes = vi.fn()
    engine.on('change', changes)
    engine.setColumns(2)
    engine.update(a, { y: 3 })
    expect(changes).not.toHaveBeenCalled()
    engine.sync([{ id: 'a', x: 1, y: 0, w: 1, h: 1 }])
    expect(placeOf(a)).toEqual({ x: 1, y: 0, w: 1, h: 1 })
    engine.destroy()
  })

  it("hands gridstack spec §9's figures: 310 ms animation delay, 100 ms resize throttle, 10 px margin", async () => {
    expect(gridStackOptions({ columns: 12, cellHeight: 70, resizable: true, animate: true })).toMatchObject({
      column: 12,
      cellHeight: 70,
      margin: 10,
      cellHeightThrottle: 100,
      animate: true,
    })
    const engine = createGridEngine()
    const el = document.createElement('div')
    document.body.appendChild(el)
    await engine.mount(el)
    const gridstack = (el as unknown as { gridstack: { animationDelay: number; opts: { cellHeightThrottle: number } } }).gridstack
    expect(gridstack.animationDelay).toBe(310)
    expect(gridstack.opts.cellHeightThrottle).toBe(GRID.resizeThrottleMs)
    engine.destroy()
  })

  it('starts a mouse drag only past 3 px of travel, and a resize past 2 px (spec §9)', async () => {
    // A resize scrolls the page along with the pointer; jsdom has no scrolling.
    Element.prototype.scrollBy ??= () => {}
    const engine = createGridEngine()
    const el = document.createElement('div')
    document.body.appendChild(el)
    await engine.mount(el)
    const a = item('a')
    el.appendChild(a)
    engine.add(a, { id: 'a', type: 'Map', name: 'map', x: 0, y: 0, w: 4, h: 2 })
    const drags = vi.fn()
    const resizes = vi.fn()
    engine.on('dragstart', drags)
    engine.on('resizestart', resizes)
    const handle = a.querySelector('.honu-grid-item__handle')!
    press(handle, GRID.dragStartThresholdPx)
    expect(drags).not.toHaveBeenCalled()
    press(handle, GRID.dragStartThresholdPx + 1)
    expect(drags).toHaveBeenCalledTimes(1)
    // gridstack's resize handles appear on first hover; the south-east one is the default.
    a.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
    const corner = a.querySelector('.ui-resizable-se')!
    expect(corner).not.toBeNull()
    press(corner, GRID.resizeStartThresholdPx)
    expect(resizes).not.toHaveBeenCalled()
    press(corner, GRID.resizeStartThresholdPx + 1)
    expect(resizes).toHaveBeenCalledTimes(1)
    engine.destroy()
  })
})
