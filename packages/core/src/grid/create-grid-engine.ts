import type { GridStack, GridStackNode, GridStackOptions, GridStackWidget } from 'gridstack'
import { messages } from '../errors/messages'
import { consoleLogger, type Logger } from '../platform/logger'
import { GRID } from './size-scale'
import type { GridWidget } from './grid-model'
import { placeOf } from './place-of'

/** A widget's place on the grid, as gridstack reports it after a drag or resize. */
export interface GridPlace {
  id: string
  x: number
  y: number
  w: number
  h: number
}

/** What {@link GridEngine.update} can change about an item. */
export type GridItemChange = Partial<Omit<GridPlace, 'id'>> & Partial<Pick<GridWidget, 'minW' | 'minH' | 'maxW' | 'maxH' | 'noResize'>>

const BOUNDS = ['minW', 'minH', 'maxW', 'maxH'] as const

/** Events the engine forwards from gridstack. */
export type GridEngineEvent = 'change' | 'dragstart' | 'dragstop' | 'resizestart' | 'resizestop'

/** Options of {@link createGridEngine}. */
export interface GridEngineOptions {
  /** Columns: 12 in free layout, the configured count in snap mode. */
  columns?: number
  /** Whether widgets can be resized (off in snap mode, spec §4). */
  resizable?: boolean
  /** Row height in px: 70 in free layout, the snap height (600) in snap mode. */
  cellHeight?: number
  /** Animate moves (default true; pass false for users who prefer reduced motion). */
  animate?: boolean
  logger?: Logger
  /** Loads gridstack; injectable for tests. Default: `import('gridstack')` when the grid mounts. */
  loadGridStack?: () => Promise<typeof GridStack>
}

/** One grid on the page: gridstack behind a small surface that hides its quirks. */
export interface GridEngine {
  /**
   * Creates the grid in `el`, loading gridstack on first use. Mounting the element it already holds does
   * nothing, so React StrictMode's mount–unmount–mount is safe.
   */
  mount(el: HTMLElement): Promise<void>
  /** Tears the grid down, leaving the DOM to its owner (React). */
  destroy(): void
  readonly mounted: boolean
  /**
   * Subscribes to an event; any number of listeners per event, each with its own unsubscribe. Only what the user
   * does with the mouse is reported, never the engine's own changes (add, update, sync, columns).
   */
  on(event: GridEngineEvent, listener: (places: GridPlace[]) => void): () => void
  /** Makes an element rendered by the owner into a grid item. Logs 'cannot add new gridItem: grid is undefined' before mount. */
  add(el: HTMLElement, widget: GridWidget): void
  /** Makes several rendered elements grid items at once. Logs 'cannot load grid items, grid is undefined' before mount. */
  load(items: readonly { el: HTMLElement; widget: GridWidget }[]): void
  /**
   * Moves or resizes an item, and changes its bounds. A bound given as `undefined` is cleared (snap mode drops
   * the free layout's minimums); a bound not given is kept.
   */
  update(el: HTMLElement, change: GridItemChange): void
  /** Takes an element out of the grid, leaving it in the DOM for its owner to remove. */
  remove(el: HTMLElement): void
  /**
   * Changes the column count. gridstack rescales every item to the new count; those places are its guesses, so
   * they are not reported: the owner lays the grid out again with {@link GridEngine.sync}.
   */
  setColumns(columns: number): void
  /** Changes the row height, px. */
  setCellHeight(px: number): void
  /** Puts every listed item (by id) at its place in one batch: the owner's layout is the truth. */
  sync(places: readonly GridPlace[]): void
  setResizable(resizable: boolean): void
}

/** gridstack's own drawing methods (internal to it; used only when present, with a public fallback). */
interface GridStackInternals {
  _writePosAttr(el: HTMLElement, node: GridStackNode): void
  _updateContainerHeight(): void
}

/** Runs after the next frame is drawn (two animation frames); a timer where there are no frames. */
function afterNextFrame(run: () => void) {
  const raf = (globalThis as { requestAnimationFrame?: (callback: () => void) => number }).requestAnimationFrame
  if (raf) raf(() => raf(run))
  else setTimeout(run, 32)
}

/** Above this many widgets moved in one draw, the draw is not animated. */
const ANIMATED_MOVES_LIMIT = 24

/** Which engine owns a grid element, for gridstack's static (page-wide) callbacks. */
const engines = new WeakMap<HTMLElement, GridEngine>()
let staticsInstalled = false

function installStatics(GridStackClass: typeof GridStack) {
  if (staticsInstalled) return
  staticsInstalled = true
  // The owner renders item content with React; gridstack must never write HTML of its own.
  GridStackClass.renderCB = () => {}
}

const toPlace = (node: GridStackNode): GridPlace => placeOf({ ...node, id: String(node.id ?? '') })

const options = (widget: GridWidget) => ({
  id: widget.id,
  x: widget.x,
  y: widget.y,
  w: widget.w,
  h: widget.h,
  minW: widget.minW,
  minH: widget.minH,
  maxW: widget.maxW,
  maxH: widget.maxH,
  // A widget the layout engine has placed is drawn where it says; only one without a place is gridstack's to seat.
  autoPosition: widget.x === undefined || widget.y === undefined,
  locked: widget.locked,
  noMove: widget.noMove,
  noResize: widget.noResize,
})

/**
 * gridstack's options for a grid, with spec §9's figures: 12 columns and 70 px rows unless told otherwise, 10 px
 * margin, and the 100 ms resize throttle (gridstack's `cellHeightThrottle` paces its reaction to the grid element
 * changing size). The drag and resize start thresholds (3 px and 2 px) are not options in gridstack 12: they are
 * built into its pointer handling, and the engine's tests check its drags and resizes start there.
 */
export function gridStackOptions(settings: { columns: number; cellHeight: number; resizable: boolean; animate: boolean }): GridStackOptions {
  return {
    column: settings.columns,
    cellHeight: settings.cellHeight,
    margin: GRID.margin,
    animate: settings.animate,
    cellHeightThrottle: GRID.resizeThrottleMs,
    // No gravity of gridstack's own: the layout engine (layout-engine.ts) decides every place, and
    // gridstack only draws it and runs the mouse drag.
    float: true,
    // With a minimum row count gridstack skips reading the grid's computed min-height after every
    // change: a forced layout of the whole grid (about 10 ms at 200 widgets).
    minRow: 1,
    disableResize: !settings.resizable,
    draggable: { handle: '.honu-grid-item__handle' },
  }
}

/**
 * Creates a grid engine. gridstack is loaded only in `mount()`, so importing `@honu/core/grid` stays DOM-free.
 * gridstack keeps one handler per event name; the engine registers once per name and fans out to its listeners.
 *
 * @example
 * const engine = createGridEngine({ columns: 12 })
 * await engine.mount(gridElement)
 * const stop = engine.on('change', (places) => save(places))
 */
export function createGridEngine(engineOptions: GridEngineOptions = {}): GridEngine {
  const logger = engineOptions.logger ?? consoleLogger
  const listeners = new Map<GridEngineEvent, Set<(places: GridPlace[]) => void>>()
  let grid: GridStack | undefined
  let element: HTMLElement | undefined
  let mounting: Promise<void> | undefined
  let columns = engineOptions.columns ?? GRID.columns
  let resizable = engineOptions.resizable ?? true
  let cellHeight = engineOptions.cellHeight ?? GRID.cellHeight
  const animate = engineOptions.animate ?? true
  let animationPause = 0
  // Set while the engine itself rearranges the grid, so gridstack's echo is not reported as a user's change.
  let quiet = false
  const quietly = (work: () => void) => {
    const was = quiet
    quiet = true
    try {
      work()
    } finally {
      quiet = was
    }
  }

  const subscribeGrid = (name: GridEngineEvent) => {
    grid?.on(name, (_event: Event, payload: unknown) => {
      if (quiet) return
      const nodes = Array.isArray(payload)
        ? (payload as GridStackNode[])
        : payload && (payload as { gridstackNode?: GridStackNode }).gridstackNode
          ? [(payload as { gridstackNode: GridStackNode }).gridstackNode]
          : []
      const places = nodes.map(toPlace)
      for (const listener of listeners.get(name) ?? []) listener(places)
    })
  }

  const engine: GridEngine = {
    get mounted() {
      return grid !== undefined
    },
    async mount(el) {
      if (element === el && (grid || mounting)) return mounting
      if (grid) engine.destroy()
      element = el
      mounting = (async () => {
        const GridStackClass = engineOptions.loadGridStack ? await engineOptions.loadGridStack() : (await import('gridstack')).GridStack
        if (element !== el) return // destroyed or remounted while loading
        installStatics(GridStackClass)
        grid = GridStackClass.init(gridStackOptions({ columns, cellHeight, resizable, animate }), el)
        // Spec §9's animation delay: how long gridstack waits for a move's transition before measuring content.
        // An instance field, not an option, in gridstack 12.
        grid.animationDelay = GRID.animationDelayMs
        engines.set(el, engine)
        for (const name of listeners.keys()) subscribeGrid(name)
      })()
      try {
        await mounting
      } finally {
        mounting = undefined
      }
    },
    destroy() {
      if (element) engines.delete(element)
      grid?.offAll()
      grid?.destroy(false)
      grid = undefined
      element = undefined
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
        subscribeGrid(event)
      }
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    add(el, widget) {
      if (!grid) return logger.error(messages.addGridItemNoGrid)
      quietly(() => grid!.makeWidget(el, options(widget)))
    },
    load(items) {
      if (!grid) return logger.error(messages.loadGridItemsNoGrid)
      quietly(() => {
        grid!.batchUpdate()
        try {
          for (const { el, widget } of items) grid!.makeWidget(el, options(widget))
        } finally {
          grid!.batchUpdate(false)
        }
      })
    },
    update(el, change) {
      const next: GridStackWidget = { ...change }
      // gridstack keeps a bound passed as undefined; 0 is how it is told there is none.
      for (const bound of BOUNDS) if (bound in change) next[bound] = change[bound] ?? 0
      if ('noResize' in change) next.noResize = change.noResize ?? false
      quietly(() => grid?.update(el, next))
    },
    remove(el) {
      grid?.removeWidget(el, false, true)
    },
    setColumns(next) {
      if (next === columns && grid?.getColumn() === next) return
      columns = next
      quietly(() => grid?.column(next, 'none'))
    },
    setCellHeight(px) {
      if (px === cellHeight) return
      cellHeight = px
      grid?.cellHeight(px)
    },
    sync(places) {
      if (!grid) return
      const byId = new Map(places.map((place) => [place.id, place]))
      const g = grid
      const changed = g.engine.nodes.filter((node) => {
        const place = node.id === undefined ? undefined : byId.get(String(node.id))
        return place && node.el && (node.x !== place.x || node.y !== place.y || node.w !== place.w || node.h !== place.h)
      })
      if (changed.length === 0) return
      const drawer = g as unknown as Partial<GridStackInternals>
      if (typeof drawer._writePosAttr === 'function' && typeof drawer._updateContainerHeight === 'function') {
        // The places come from the layout engine and do not overlap, so gridstack's per-item update (collision
        // search, packing, one change event each: about 80 ms at 200 widgets) has nothing to add. Write them
        // straight into its nodes and draw.
        const pause = animate && changed.length > ANIMATED_MOVES_LIMIT
        if (pause) {
          // Hundreds of simultaneous transitions cost more per frame than they show: this draw jumps.
          g.setAnimation(false)
          const token = ++animationPause
          afterNextFrame(() => {
            if (token === animationPause && grid === g) g.setAnimation(true)
          })
        }
        for (const node of changed) {
          const place = byId.get(String(node.id))!
          node.x = place.x
          node.y = place.y
          node.w = place.w
          node.h = place.h
          drawer._writePosAttr(node.el!, node)
        }
        drawer._updateContainerHeight()
        return
      }
      quietly(() => {
        g.batchUpdate()
        try {
          for (const node of changed) {
            const place = byId.get(String(node.id))!
            g.update(node.el!, { x: place.x, y: place.y, w: place.w, h: place.h })
          }
        } finally {
          g.batchUpdate(false)
        }
      })
    },
    setResizable(next) {
      // The dashboard sets it on every store change: gridstack's enableResize walks every item.
      if (next === resizable) return
      resizable = next
      grid?.enableResize(next)
    },
  }
  return engine
}
