import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import { Maximize, ZoomIn, ZoomOut } from 'lucide-react'
import { topologyWords, type TopologyDevice, type TopologyFilter, type TopologyModel } from '@honu/core/topology'
import { IconButton, useConsoleClient, useMessages, useTranslationsReady } from '@honu/console-kit'
import { topologyMessages } from '../topology-messages'
import { createGraphController } from './graph-controller'
import { findNodes, type GraphIndex } from './graph-index'
import type { GraphLayout, LayoutNode } from './graph-layout'
import { getLayoutClient } from './graph-layout-client'
import { graphMessages } from './graph-messages'
import { createGraphRenderer, type GraphSigma } from './graph-renderer'
import { createGraphScene, type GraphScene, type ModelLookups, type StateColours } from './graph-scene'

/** Props of {@link TopologyGraph}. */
export interface TopologyGraphProps {
  model: TopologyModel
  /** Devices the filter does not pass are hidden; the tenant and its networks always show. */
  filter: TopologyFilter
  /** The selected device, network or tenant id: the focused node. */
  selectedId?: string
  onSelect: (id: string | undefined) => void
  /** A device node opened (Enter, double click, the details' button). */
  onOpen: (deviceId: string) => void
  /** Positions given (a benchmark's): no layout step. */
  layout?: GraphLayout
  /** Called when sigma has drawn the laid-out graph; again after a rebuild (a new structure, or a theme switch). */
  onRendered?: (sigma: GraphSigma) => void
}

// The translations the screen waits for.
const BOOKS = [graphMessages.translations, topologyMessages.translations, topologyWords.translations]

/**
 * The network graph (issue 16, contract D): the tenant, its networks, its devices and the overlaps with other
 * tenants' networks, drawn with sigma (WebGL) at the layout of `graph-layout.ts` (made off the main thread and kept
 * per tenant and structure). Nodes are coloured and shaped by live state (the legend says which is which); the
 * focused node and its neighbours stand out; "Find a node" searches and focuses; the graph is walked with the arrow
 * keys, each step announced.
 *
 * A thin component: the words and looks are a pure scene (`graph-scene.ts`), and the renderer, focus, announcements
 * and keys are the graph controller's (`graph-controller.ts`); this mounts the controller on the canvas and hands it
 * the scene, the theme and the selection.
 */
export function TopologyGraph({ model, filter, selectedId, onSelect, onOpen, layout: given, onRendered }: TopologyGraphProps) {
  const t = useMessages(graphMessages)
  const w = useMessages(topologyWords)
  useTranslationsReady(BOOKS)
  const layouts = getLayoutClient(useConsoleClient())
  const layout = useLayout(layouts, model, given)
  const scene = useMemo(() => createGraphScene({ model, filter, layout, t, w }), [model, filter, layout, t, w])
  const { index, labelOf, lookups, shown } = scene

  const containerRef = useRef<HTMLDivElement>(null)
  const theme = useThemeOf(containerRef)
  const canvasRef = useRef<HTMLDivElement>(null)
  const [controller] = useState(() => createGraphController({ createRenderer: createGraphRenderer, onSelect, onOpen, onRendered }))
  // The newest props, before the effects below can call them.
  useLayoutEffect(() => controller.setCallbacks({ onSelect, onOpen, onRendered }))
  const { failed, announcement, drawn } = useSyncExternalStore(controller.subscribe, controller.getState)
  const focusKey = index?.keyOf(selectedId)

  // The scene first, so a renderer made below draws it at once. Sigma (its WebGL context and programs) is made at
  // mount, while the worker lays out, and lives until a theme switch: WebGL takes the theme's colours as values,
  // read when it is made. Made and drawn before the browser paints (layout effects), so the first frame that shows
  // the graph area shows the graph in it.
  useLayoutEffect(() => controller.setScene(scene), [controller, scene])
  useLayoutEffect(() => {
    const container = canvasRef.current
    if (!container || theme === null) return
    controller.mount(container, readColours(containerRef.current))
    return () => controller.unmount()
  }, [controller, theme])
  useEffect(() => controller.setFocus(focusKey), [controller, focusKey])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (controller.keyDown(event.key)) event.preventDefault()
  }

  const shownDevices = model.devices.length - scene.hidden.size
  const helpId = useId()
  const focusedNode = focusKey ? index?.byKey.get(focusKey) : undefined

  return (
    <section
      className="honu-graph"
      aria-label={t('region', { tenant: model.tenant.name })}
      ref={containerRef}
      data-state={drawn ? 'ready' : undefined}
    >
      <div className="honu-graph__toolbar">
        <FindNode index={index} labelOf={labelOf} lookups={lookups} shown={shown} onFound={controller.focusOn} />
        <div className="honu-graph__zoom">
          <IconButton label={t('zoomIn')} icon={ZoomIn} onClick={() => controller.zoom(1.5)} disabled={!index || failed} />
          <IconButton label={t('zoomOut')} icon={ZoomOut} onClick={() => controller.zoom(1 / 1.5)} disabled={!index || failed} />
          <IconButton label={t('fit')} icon={Maximize} onClick={() => controller.fit()} disabled={!index || failed} />
        </div>
      </div>
      <div className="honu-graph__body">
        {failed ? (
          <p className="honu-graph__message" role="alert">
            {t('noWebgl')}
          </p>
        ) : (
          <div
            className="honu-graph__canvas"
            ref={canvasRef}
            tabIndex={0}
            role="application"
            aria-roledescription="graph"
            aria-label={t('canvas', { tenant: model.tenant.name, networks: model.networks.length, devices: shownDevices })}
            aria-describedby={helpId}
            aria-busy={!index}
            onKeyDown={onKeyDown}
          >
            {!index && <p className="honu-graph__message">{t('laying')}</p>}
          </div>
        )}
        <p id={helpId} className="honu-visually-hidden">
          {t('help')}
        </p>
        <p className="honu-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="graph-announcement">
          {announcement}
        </p>
        <aside className="honu-graph__side">
          <Details node={focusedNode} scene={scene} onOpen={onOpen} />
          <Legend />
        </aside>
      </div>
    </section>
  )
}

/** The layout given, cached or being made; `undefined` while it is being made. */
function useLayout(layouts: ReturnType<typeof getLayoutClient>, model: TopologyModel, given: GraphLayout | undefined): GraphLayout | undefined {
  const [made, setMade] = useState<GraphLayout>()
  const known = given ?? layouts.cached(model)
  const stale = !known && made && (made.tenantId !== model.tenant.id || made.structureVersion !== model.structureVersion)
  // Asked before the first paint: the worker starts a frame earlier than from an effect after it.
  useLayoutEffect(() => {
    if (given || layouts.cached(model)) return
    let current = true
    layouts.layout(model).then(
      (layout) => current && setMade(layout),
      () => undefined,
    )
    return () => {
      current = false
    }
    // A new layout only for a new tenant or structure (states change the model, not where nodes go).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layouts, given, model.tenant.id, model.structureVersion])
  return known ?? (stale ? undefined : made)
}

/**
 * The theme of the console holding `ref`'s element: its closest `data-theme` (the preference, or a host's own), and
 * a new value when that attribute changes.
 */
function useThemeOf(ref: { readonly current: Element | null }): string | null {
  // null until read (the element is there after the first commit): the renderer waits for it, so it is built once.
  const [theme, setTheme] = useState<string | null>(null)
  useLayoutEffect(() => {
    const themed = ref.current?.closest('[data-theme]')
    if (!themed) return setTheme('')
    const read = () => setTheme(themed.getAttribute('data-theme') ?? '')
    read()
    const observer = new MutationObserver(read)
    observer.observe(themed, { attributes: true, attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [ref])
  return theme
}

/** The theme's colours (WebGL needs the values, not the custom properties). */
function readColours(element: Element | null): StateColours {
  const style = element ? getComputedStyle(element) : undefined
  const read = (name: string, fallback: string) => style?.getPropertyValue(name).trim() || fallback
  return {
    online: read('--honu-positive', '#2e9e5b'),
    stale: read('--honu-warning', '#c98a00'),
    offline: read('--honu-text-muted', '#7b8594'),
    tenant: read('--honu-text', '#1b1f24'),
    network: read('--honu-accent', '#0b5cad'),
    foreign: read('--honu-danger', '#b42318'),
    graph: {
      dim: read('--honu-border', '#d5dae1'),
      edge: read('--honu-border-strong', '#7b8594'),
      overlap: read('--honu-danger', '#b42318'),
      focusEdge: read('--honu-accent', '#0b5cad'),
      label: read('--honu-text', '#1b1f24'),
    },
  }
}

/** "Find a node": the first shown node whose name, address or network matches; Enter again finds the next. */
function FindNode({
  index,
  labelOf,
  lookups,
  shown,
  onFound,
}: {
  index: GraphIndex | undefined
  labelOf: (node: LayoutNode) => string
  lookups: ModelLookups
  shown: (key: string) => boolean
  onFound: (key: string) => void
}) {
  const t = useMessages(graphMessages)
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<{ query: string; keys: string[]; at: number }>()
  const inputId = useId()
  const helpId = useId()

  const find = () => {
    if (!index) return
    const again = result && result.query === query
    const keys = again ? result.keys : findNodes(index, (node) => texts(node, labelOf, lookups), query, shown)
    const at = again && keys.length > 0 ? (result.at + 1) % keys.length : 0
    setResult({ query, keys, at })
    if (keys[at]) onFound(keys[at])
  }
  const found = result?.keys[result.at]
  const foundNode = found ? index?.byKey.get(found) : undefined

  return (
    <form
      className="honu-graph__find"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        find()
      }}
    >
      <label htmlFor={inputId}>{t('find')}</label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={helpId}
        disabled={!index}
      />
      <button type="submit" className="honu-button" disabled={!index || !query.trim()}>
        {t('findButton')}
      </button>
      <span id={helpId} className="honu-visually-hidden">
        {t('findHelp')}
      </span>
      <span className="honu-graph__found" role="status">
        {result && result.query.trim()
          ? foundNode
            ? t('found', { label: labelOf(foundNode), index: result.at + 1, count: result.keys.length })
            : t('notFound', { query: result.query })
          : ''}
      </span>
    </form>
  )
}

function texts(node: LayoutNode, labelOf: (node: LayoutNode) => string, lookups: ModelLookups): string[] {
  const out = [labelOf(node), node.id]
  if (node.kind === 'device') out.push(lookups.devices.get(node.id)?.address ?? '')
  const network = lookups.networks.get(node.id) ?? lookups.foreign.get(node.id)
  if (network) out.push(network.cidr)
  return out
}

/** The focused node in words: what the canvas shows by colour and shape, and the way to open a device. */
function Details({ node, scene, onOpen }: { node: LayoutNode | undefined; scene: GraphScene; onOpen: (deviceId: string) => void }) {
  const { index, model, lookups, labelOf, networkLabel } = scene
  const t = useMessages(graphMessages)
  const tt = useMessages(topologyMessages)
  const w = useMessages(topologyWords)
  const headingId = useId()
  let body
  if (!node || !index) {
    body = <p className="honu-muted">{t('nothingFocused')}</p>
  } else if (node.kind === 'device') {
    const device = lookups.devices.get(node.id)
    const network = device?.networkId ? lookups.networks.get(device.networkId) : undefined
    body = device && (
      <>
        <p className="honu-graph__name">{device.name}</p>
        <dl className="honu-graph__facts">
          <dt>{t('kindLabel')}</dt>
          <dd>{w(`kind_${device.kind}`)}</dd>
          <dt>{t('stateLabel')}</dt>
          <dd>
            <span className={`honu-graph__state honu-graph__state--${device.state}`} data-state={device.state}>
              <StateMark state={device.state} />
              {w(`state_${device.state}`)}
            </span>
          </dd>
          <dt>{t('addressLabel')}</dt>
          <dd>{device.address || t('noAddress')}</dd>
          <dt>{t('networkLabel')}</dt>
          <dd>{network ? networkLabel(network) : t('none')}</dd>
        </dl>
        <button type="button" className="honu-button" onClick={() => onOpen(device.id)}>
          {t('openDevice', { name: device.name })}
        </button>
      </>
    )
  } else {
    const network = lookups.networks.get(node.id)
    const foreign = lookups.foreign.get(node.id)
    const overlaps = scene.overlapsOf(node)
    body = (
      <>
        <p className="honu-graph__name">{labelOf(node)}</p>
        <dl className="honu-graph__facts">
          <dt>{t('kindLabel')}</dt>
          <dd>
            {node.kind === 'tenant'
              ? t('tenantKind')
              : node.kind === 'foreign-network'
                ? t('foreignKind')
                : w(`network_${network?.kind ?? foreign?.kind ?? 'remote'}`)}
          </dd>
          {network && (
            <>
              <dt>{t('rangeLabel')}</dt>
              <dd>{network.range ? tt('range', { start: network.range.start, end: network.range.end }) : tt('invalidCidr')}</dd>
            </>
          )}
          {node.kind !== 'tenant' && (
            <>
              <dt>{t('overlapsLabel')}</dt>
              <dd>{overlaps.length ? overlaps.map(networkLabel).join(', ') : t('none')}</dd>
            </>
          )}
          {node.kind !== 'foreign-network' && (
            <>
              <dt>{t('devicesLabel')}</dt>
              <dd>{node.kind === 'tenant' ? model.devices.length : model.devices.filter((device) => device.networkId === node.id).length}</dd>
            </>
          )}
        </dl>
      </>
    )
  }
  return (
    <section className="honu-graph__details" aria-labelledby={headingId} data-testid="graph-details">
      <h2 id={headingId} className="honu-graph__heading">
        {t('details')}
      </h2>
      {body}
    </section>
  )
}

/** The shape that stands for a state beside its colour (the canvas draws the same). */
function StateMark({ state }: { state: TopologyDevice['state'] }) {
  return (
    <svg className={`honu-graph__mark honu-graph__mark--${state}`} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      {state === 'online' ? (
        <circle cx="6" cy="6" r="5" />
      ) : state === 'stale' ? (
        <polygon points="6,1 11,11 1,11" />
      ) : (
        <rect x="1.5" y="1.5" width="9" height="9" />
      )}
    </svg>
  )
}

function KindMark({ kind }: { kind: 'tenant' | 'network' | 'foreign' | 'overlap' }) {
  return (
    <svg className={`honu-graph__mark honu-graph__mark--${kind}`} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      {kind === 'network' ? (
        <circle cx="6" cy="6" r="5" />
      ) : kind === 'tenant' ? (
        <rect x="1" y="1" width="10" height="10" />
      ) : kind === 'overlap' ? (
        <line x1="0" y1="6" x2="12" y2="6" />
      ) : (
        <polygon points="6,0.5 11.5,6 6,11.5 0.5,6" />
      )}
    </svg>
  )
}

/** What the colours and shapes mean; each also in words. */
function Legend() {
  const t = useMessages(graphMessages)
  const w = useMessages(topologyWords)
  const headingId = useId()
  return (
    <section className="honu-graph__legend" aria-labelledby={headingId}>
      <h2 id={headingId} className="honu-graph__heading">
        {t('legend')}
      </h2>
      <ul>
        {(['online', 'stale', 'offline'] as const).map((state) => (
          <li key={state}>
            <StateMark state={state} />
            {w(`state_${state}`)}
          </li>
        ))}
        <li>
          <KindMark kind="tenant" />
          {t('legendTenant')}
        </li>
        <li>
          <KindMark kind="network" />
          {t('legendNetwork')}
        </li>
        <li>
          <KindMark kind="foreign" />
          {t('legendForeign')}
        </li>
        <li>
          <KindMark kind="overlap" />
          {t('legendOverlap')}
        </li>
      </ul>
    </section>
  )
}
