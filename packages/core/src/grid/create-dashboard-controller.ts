import { SCREEN_BANDS, bandOf, type ScreenBand } from '../constants/breakpoints'
import type { GridEngine, GridPlace } from './create-grid-engine'
import { createWorkspaceActions } from './create-workspace-actions'
import type { GridSettings, GridWidget, WorkspaceId } from './grid-model'
import type { GridStore } from './grid-store'
import { placeOf } from './place-of'
import { GRID } from './size-scale'
import { columnsOf } from './workspace-rules'

/**
 * Where a dashboard's grid stands: `idle` (no element), `mounting` (gridstack loading into the element),
 * `ready` (the owner may render items and hand them to the engine) or `error` (gridstack could not be loaded).
 */
export type DashboardStatus = 'idle' | 'mounting' | 'ready' | 'error'

/** One dashboard's grid: the engine's lifecycle and the store's layout drawn on it. */
export interface DashboardController {
  /** The engine it drives; items register with it (`add`, `update`, `remove`) while they are mounted. */
  readonly engine: GridEngine
  /**
   * Mounts the engine in `el` and keeps it in step with `workspace` in the grid store: settings (columns, row
   * height, resizing) and every visible widget's place, after each store change; a mouse drag or resize is
   * written back to the store. Answers the disconnect, which destroys the grid. A disconnect followed at once by
   * a connect (React StrictMode) leaves one mounted grid, and a mount that finishes after its disconnect is
   * ignored.
   */
  connect(el: HTMLElement, workspace: WorkspaceId): () => void
  /** Calls `listener` whenever {@link DashboardController.getSnapshot} changes. Answers the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** The current {@link DashboardStatus}; stable between changes (for `useSyncExternalStore`). */
  getSnapshot(): DashboardStatus
}

/** Options of {@link createDashboardController}. */
export interface DashboardControllerOptions {
  /**
   * Reports the grid element's width in CSS px, at once and whenever it changes, until the answered stop is
   * called. The dashboard picks its screen band (spec §9) from it. Defaults to a `ResizeObserver`; where there is
   * none (jsdom, old browsers) nothing is reported and the workspace stays in the band it was in.
   */
  observeWidth?: (el: HTMLElement, report: (width: number) => void) => () => void
}

/**
 * The part of the DOM's `ResizeObserver` used here, read from `globalThis`: core is also compiled by Node projects
 * (the reference server) whose TypeScript libraries have no DOM.
 */
type ResizeObserverLike = new (callback: (entries: ReadonlyArray<{ contentRect: { width: number } }>) => void) => {
  observe(el: HTMLElement): void
  disconnect(): void
}

function observeWithResizeObserver(el: HTMLElement, report: (width: number) => void): () => void {
  const Observer = (globalThis as { ResizeObserver?: ResizeObserverLike }).ResizeObserver
  if (!Observer) return () => {}
  const observer = new Observer((entries) => {
    const last = entries[entries.length - 1]
    if (last) report(last.contentRect.width)
  })
  observer.observe(el)
  return () => observer.disconnect()
}

/**
 * How far past a breakpoint the grid's width must go before the dashboard changes band. The other band's layout
 * can be taller or shorter, and the page's scrollbar then comes or goes, changing the grid's width by its own
 * (about 15 px): without a margin larger than that, a width just past a breakpoint would switch back and forth.
 */
export const BAND_SWITCH_MARGIN_PX = 24

/** The band for `width`, staying in `current` until the width is {@link BAND_SWITCH_MARGIN_PX} past its edge. */
function bandFor(current: ScreenBand | undefined, width: number): ScreenBand {
  const next = bandOf(width)
  if (!current || next === current) return next
  const rank = (band: ScreenBand) => SCREEN_BANDS.indexOf(band)
  // Growing, the width less the margin must still leave the current band; shrinking, the width plus the margin.
  const past = rank(next) > rank(current) ? bandOf(width - BAND_SWITCH_MARGIN_PX) : bandOf(width + BAND_SWITCH_MARGIN_PX)
  return past === current ? current : past
}

const cellHeightOf = (settings: GridSettings) => (settings.snapToGrid ? settings.snapToGridHeight : GRID.cellHeight)

/**
 * Creates the controller of one dashboard, framework-free: React (or anything else) holds it with
 * `subscribe`/`getSnapshot` and calls `connect` from one effect. The store is the truth; the engine only draws it
 * and reports what the mouse does.
 *
 * Each workspace keeps one layout per screen band (see `band-layouts.ts`), and the band is chosen by the width of
 * the dashboard's own grid element, not the window's: the console is embedded in partners' portals beside their
 * own navigation, and the stream view shares its width with the stream list, so the window says little about how
 * wide a column really is. (A layout therefore follows the stream list too: hiding it gives the grid another band.)
 *
 * @example
 * const controller = createDashboardController(client.grid, createGridEngine())
 * const disconnect = controller.connect(gridElement, 'stream-view')
 */
export function createDashboardController(grid: GridStore, engine: GridEngine, options: DashboardControllerOptions = {}): DashboardController {
  const observeWidth = options.observeWidth ?? observeWithResizeObserver
  const actions = createWorkspaceActions(grid)
  const listeners = new Set<() => void>()
  let status: DashboardStatus = 'idle'
  // Each connect gets a number: a mount finishing for an older one (StrictMode's first mount) changes nothing.
  let connection = 0
  let drawn: { settings?: GridSettings; items?: GridWidget[] } = {}

  const setStatus = (next: DashboardStatus) => {
    if (next === status) return
    status = next
    for (const listener of [...listeners]) listener()
  }

  // Columns first, then the places: gridstack's rescaling on a column change is only a guess, which the
  // places then overwrite.
  const draw = (workspace: WorkspaceId) => {
    const { settings, workspaces } = grid.getState()
    const items = workspaces[workspace].items
    if (settings === drawn.settings && items === drawn.items) return
    engine.setColumns(columnsOf(settings))
    engine.setCellHeight(cellHeightOf(settings))
    engine.setResizable(!settings.snapToGrid)
    // Before the grid is ready the engine only keeps the settings for its mount; the places wait.
    if (status !== 'ready') return
    drawn = { settings, items }
    engine.sync(items.filter((item) => !item.isMinimised).map(placeOf))
  }

  return {
    engine,
    connect(el, workspace) {
      const id = ++connection
      drawn = {}
      draw(workspace)
      setStatus('mounting')
      const stopStore = grid.subscribe(() => draw(workspace))
      // A mouse drag or resize ends with the dragged widget's place; the layout engine decides the rest.
      const settle = (places: GridPlace[]) => {
        for (const place of places) if (place.id) actions.place(workspace, place.id, place)
      }
      const stopEngine = [engine.on('dragstop', settle), engine.on('resizestop', settle)]
      // A new band redraws the workspace with that band's layout (a store change, drawn like any other).
      const stopWidth = observeWidth(el, (width) => actions.showBand(workspace, bandFor(grid.getState().workspaces[workspace].band, width)))
      void engine.mount(el).then(
        () => {
          if (id !== connection) return
          setStatus('ready')
          draw(workspace)
        },
        // gridstack's code could not be loaded: the owner says so instead of showing an empty grid.
        () => {
          if (id === connection) setStatus('error')
        },
      )
      return () => {
        stopStore()
        stopWidth()
        for (const stop of stopEngine) stop()
        if (id !== connection) return
        connection++
        engine.destroy()
        setStatus('idle')
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => status,
  }
}
