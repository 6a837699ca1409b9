import { moveFocus, type GraphMove } from './graph-index'
import type { GraphLayout } from './graph-layout'
import type { GraphRenderer, GraphRendererOptions, GraphSigma } from './graph-renderer'
import type { GraphScene, StateColours } from './graph-scene'

/** What the graph shows around its canvas: whether it could be drawn, what was last announced, whether it is drawn. */
export interface GraphControllerState {
  /** No WebGL 2 context (a browser without it, or one out of contexts): the graph says so instead of a blank area. */
  failed: boolean
  /** The polite announcement of the focused node (empty for none). */
  announcement: string
  /** The laid-out graph is drawn. */
  drawn: boolean
}

/** What the controller tells its host (React props, which change between renders: see `setCallbacks`). */
export interface GraphCallbacks {
  /** A node chosen (click, keys, Find), by id; none when the focus is let go (Escape). */
  onSelect(id: string | undefined): void
  /** A device node opened (Enter, double click). */
  onOpen(deviceId: string): void
  /** Sigma has drawn the laid-out graph; again after a rebuild (a new structure, or a theme switch). */
  onRendered?(sigma: GraphSigma): void
}

export interface GraphControllerOptions extends GraphCallbacks {
  /** Makes the renderer on a canvas (sigma's `createGraphRenderer`; tests pass a fake). */
  createRenderer(options: GraphRendererOptions): GraphRenderer
}

/**
 * The network graph's machine, framework-free (house style §11: controllers own the machines, React mounts them):
 * the renderer's lifecycle (made on a canvas in the theme's colours, remade on a theme switch, killed on unmount), a
 * new layout drawn and new looks redrawn as scenes arrive, the focused node and its announcement (again when its
 * live state changes), and the keyboard. `TopologyGraph` makes one and hands it the canvas, the scene and the focus.
 */
export interface GraphController {
  getState(): GraphControllerState
  subscribe(listener: () => void): () => void
  /** The host's newest callbacks (a component's props of this render). */
  setCallbacks(callbacks: GraphCallbacks): void
  /** Draws on `container` in `colours` (at mount and after a theme switch); a failure sets `failed`. */
  mount(container: HTMLElement, colours: StateColours): void
  /** Kills the renderer (the canvas goes, or the theme changes). */
  unmount(): void
  /** The scene to draw: a new layout is drawn afresh, new looks (live states, filter, language) redrawn. */
  setScene(scene: GraphScene): void
  /** The focused node's key (the selection, as the host holds it): it and its neighbours stand out. */
  setFocus(key: string | undefined): void
  /** Focuses a node: selects it, brings it into view and announces it. */
  focusOn(key: string | undefined): void
  /** A key pressed on the canvas; answers whether it was the graph's (then its default is prevented). */
  keyDown(key: string): boolean
  zoom(factor: number): void
  fit(): void
}

const KEY_MOVES: Readonly<Record<string, GraphMove>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  Home: 'home',
  PageUp: 'first',
  PageDown: 'last',
}

/** What the renderer shows while a new structure is laid out: nothing. */
const EMPTY: GraphLayout = { tenantId: '', nodes: [], edges: [] }

export function createGraphController({ createRenderer, ...callbacks }: GraphControllerOptions): GraphController {
  let options: GraphCallbacks = callbacks
  let state: GraphControllerState = { failed: false, announcement: '', drawn: false }
  const listeners = new Set<() => void>()
  const set = (patch: Partial<GraphControllerState>) => {
    const next = { ...state, ...patch }
    if (next.failed === state.failed && next.announcement === state.announcement && next.drawn === state.drawn) return
    state = next
    for (const listener of listeners) listener()
  }

  let renderer: GraphRenderer | undefined
  let colours: StateColours | undefined
  let scene: GraphScene | undefined
  /** The layout the renderer shows, and the scene whose looks it last read. */
  let drawnLayout: GraphLayout | undefined
  let drawnScene: GraphScene | undefined
  let focusKey: string | undefined
  let announced: { key?: string; state?: string } = {}

  const announce = (text: string) => set({ announcement: text })

  /** The renderer now shows the scene's layout, in its looks: the focus shown again, the host told. */
  const laidOut = (drawing: GraphRenderer, shown: GraphScene, layout: GraphLayout) => {
    drawnLayout = layout
    drawnScene = shown
    drawing.setFocus(focusKey)
    set({ drawn: true })
    options.onRendered?.(drawing.sigma)
  }

  /** Brings the renderer up to the scene: the layout drawn, the looks read, the focus shown. */
  const draw = () => {
    if (!renderer || !scene) return
    const { layout } = scene
    if (!layout) {
      if (drawnLayout) renderer.setLayout(EMPTY)
      drawnLayout = undefined
      drawnScene = scene
      set({ drawn: false })
      return
    }
    if (drawnLayout !== layout) {
      // (Sigma's constructor and setGraph index and draw synchronously: nothing to wait for. A refresh() to hear
      // afterRender indexed and drew all of it a second time, half our first render at 20,000 nodes.)
      renderer.setLayout(layout)
      laidOut(renderer, scene, layout)
      return
    }
    if (drawnScene !== scene) {
      // Live states, the filter and the language change what nodes look like, not where they are.
      drawnScene = scene
      renderer.update()
    }
  }

  /** A device that changes state while focused is announced again. */
  const reannounce = () => {
    const live = focusKey && scene ? scene.stateOf(focusKey) : undefined
    if (!focusKey || live === undefined) return
    if (announced.key === focusKey && announced.state !== undefined && announced.state !== live) announce(scene!.describe(focusKey))
    announced = { key: focusKey, state: live }
  }

  const controller: GraphController = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    setCallbacks(next) {
      options = next
    },

    mount(container, theme) {
      controller.unmount()
      colours = theme
      try {
        renderer = createRenderer({
          container,
          layout: scene?.layout,
          look: (key, kind) => scene!.look(key, kind, colours!),
          colours: theme.graph,
          onClickNode: (key) => options.onSelect(scene?.index?.byKey.get(key)?.id),
          onDoubleClickNode: (key) => {
            const node = scene?.index?.byKey.get(key)
            if (node?.kind === 'device') options.onOpen(node.id)
          },
        })
      } catch (error) {
        console.warn('The network graph cannot be drawn:', error)
        renderer = undefined
        set({ failed: true, drawn: false })
        return
      }
      set({ failed: false })
      // Made with the layout: drawn now, in this scene's looks.
      if (scene?.layout) laidOut(renderer, scene, scene.layout)
    },

    unmount() {
      renderer?.kill()
      renderer = undefined
      drawnLayout = undefined
      drawnScene = undefined
      set({ drawn: false })
    },

    setScene(next) {
      scene = next
      draw()
      reannounce()
    },

    setFocus(key) {
      focusKey = key
      renderer?.setFocus(key)
      reannounce()
    },

    focusOn(key) {
      const node = key ? scene?.index?.byKey.get(key) : undefined
      if (!key || !node || !scene) return
      options.onSelect(node.id) // the focus follows through the selection
      renderer?.showNode(key)
      announce(scene.describe(key))
    },

    keyDown(key) {
      const index = scene?.index
      if (!scene || !index) return false
      const move = KEY_MOVES[key]
      if (move) {
        const next = moveFocus(index, focusKey, move, scene.shown)
        if (next) controller.focusOn(next)
        else if (focusKey) announce(scene.describe(focusKey))
        return true
      }
      switch (key) {
        case 'Enter':
        case ' ': {
          const node = focusKey ? index.byKey.get(focusKey) : undefined
          if (node?.kind === 'device') options.onOpen(node.id)
          else controller.focusOn(moveFocus(index, focusKey, 'down', scene.shown))
          return true
        }
        case 'Escape':
          if (!focusKey) return false
          options.onSelect(undefined)
          announce('')
          return true
        case '+':
        case '=':
          controller.zoom(1.5)
          return true
        case '-':
          controller.zoom(1 / 1.5)
          return true
        case '0':
          controller.fit()
          return true
      }
      return false
    },

    zoom: (factor) => renderer?.zoom(factor),
    fit: () => renderer?.fit(),
  }
  return controller
}
