import { lazy, memo, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent } from 'react'
import { GripVertical, Maximize2, Minimize2, Minus, X } from 'lucide-react'
import { ConsoleError } from '@honu/core'
import { placeOf, type GridEngine, type GridPlace, type GridWidget, type WorkspaceActions, type WorkspaceId } from '@honu/core/grid'
import { type WidgetDefinition, type WidgetProps, IconButton, readWidgetData, useMessages, ICON_SIZE } from '@honu/console-kit'
import { WidgetErrorBoundary } from './widget-error-boundary'
import { dashboardMessages } from '../messages/dashboard'

interface DashboardItemProps {
  item: GridWidget
  workspace: WorkspaceId
  engine: GridEngine
  actions: WorkspaceActions
  /** The definition of the widget's type; none for a type this console does not know. */
  definition: WidgetDefinition | undefined
  columns: number
  resizable: boolean
  announce: (message: string) => void
  /** Id of the text explaining keyboard editing. */
  helpId: string
  /** The widget as the store holds it now: moves do not re-render the item, so its props may be a move behind. */
  current: (id: string) => GridWidget | undefined
}

const PLACE_FIELDS = new Set(['x', 'y', 'w', 'h', 'autoPosition'])

/** Equal props but for the widget's place: the dashboard draws places itself, so a move re-renders nothing. */
function sameButPlace(a: DashboardItemProps, b: DashboardItemProps): boolean {
  for (const key of Object.keys(a) as (keyof DashboardItemProps)[]) if (key !== 'item' && a[key] !== b[key]) return false
  if (a.item === b.item) return true
  const fields = new Set([...Object.keys(a.item), ...Object.keys(b.item)]) as Set<keyof GridWidget>
  for (const field of fields) if (!PLACE_FIELDS.has(field) && a.item[field] !== b.item[field]) return false
  return true
}

type Place = Omit<GridPlace, 'id'>

// One lazy component per definition, so a widget minimised and restored (or a second widget of the same type)
// does not wait for its code again. A failed load is forgotten, so the error card's Retry loads afresh.
export const components = new WeakMap<WidgetDefinition, ComponentType<WidgetProps>>()
function componentOf(definition: WidgetDefinition): ComponentType<WidgetProps> {
  let component = components.get(definition)
  if (!component) {
    // React.lazy keeps a rejected load for good: drop this one so the next render makes a fresh one.
    component = lazy(() =>
      definition.load().catch((error: unknown) => {
        components.delete(definition)
        throw error
      }),
    )
    components.set(definition, component)
  }
  return component
}

/**
 * The widget's own content: its code loaded on first use, its data read by its definition. Memoised on what the
 * widget shows, so moving another widget never re-renders it.
 */
export const WidgetBody = memo(function WidgetBody({
  widget,
  workspace,
  definition,
  setData,
}: {
  widget: GridWidget
  workspace: WorkspaceId
  definition: WidgetDefinition | undefined
  setData: (data: unknown) => void
}) {
  const t = useMessages(dashboardMessages)
  if (!definition) return <p className="honu-muted">{t('unknownType', { type: widget.type })}</p>
  let data: unknown
  try {
    data = readWidgetData(definition, widget)
  } catch (error) {
    // Stored data the widget cannot read (an old or hand-edited layout): say which field; Remove still works.
    return (
      <p className="honu-error" role="alert">
        {ConsoleError.is(error) ? error.message : t('unreadableData')}
      </p>
    )
  }
  const Widget = componentOf(definition)
  return (
    <Suspense
      fallback={
        <p className="honu-muted" role="status">
          {t('loadingWidget', { name: widget.name })}
        </p>
      }
    >
      <Widget widget={{ ...widget, data }} workspace={workspace} setData={setData} />
    </Suspense>
  )
})

/**
 * One widget on the grid: registered with the engine while mounted, with a header (fullscreen, minimise,
 * remove), its content behind an error boundary, and keyboard editing: Enter lifts, arrow keys move,
 * Shift+arrow keys resize, Enter drops, Escape puts it back.
 */
export const DashboardItem = memo(function DashboardItem({
  item,
  workspace,
  engine,
  actions,
  definition,
  columns,
  resizable,
  announce,
  helpId,
  current,
}: DashboardItemProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [lifted, setLifted] = useState<Place>()
  const t = useMessages(dashboardMessages)
  // A place in words, counted from 1: "column 3, row 1, 4 wide by 8 high".
  const describe = (p: Place) => t('place', { x: p.x + 1, y: p.y + 1, w: p.w, h: p.h })
  const placeNow = () => placeOf(current(item.id) ?? item)

  useLayoutEffect(() => {
    const el = ref.current!
    engine.add(el, item)
    return () => engine.remove(el)
    // Registered once; later changes go through engine.update below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine])

  // Places are drawn by the dashboard in one batch; bounds are the item's own.
  const { minW, minH, maxW, maxH, noResize } = item
  useLayoutEffect(() => {
    if (ref.current) engine.update(ref.current, { minW, minH, maxW, maxH, noResize })
  }, [engine, minW, minH, maxW, maxH, noResize])

  // What the body shows depends on the widget's identity and data, not on its place.
  const dataKey = JSON.stringify(item.data ?? null)
  const shown = useMemo(
    () => ({ id: item.id, type: item.type, name: item.name, data: item.data }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [item.id, item.type, item.name, dataKey],
  )
  const version = definition?.version
  const setData = useCallback((data: unknown) => actions.setData(workspace, item.id, data, version), [actions, workspace, item.id, version])

  const resize = (next: Place) => {
    const bounded = {
      ...next,
      w: Math.min(Math.max(next.w, item.minW ?? 1, 1), item.maxW ?? columns, columns),
      h: Math.max(next.h, item.minH ?? 1, 1),
    }
    actions.place(workspace, item.id, bounded)
    // The layout engine may have moved it (gravity); say where it really is.
    announce(t('resized', { name: item.name, place: describe(placeOf({ ...item, ...bounded })) }))
  }
  const move = (dx: -1 | 0 | 1, dy: -1 | 0 | 1) => {
    // Pinned by its layout (spec §3 noMove): core refuses the move too; this says why nothing happened.
    if (item.noMove) return announce(t('cannotMove', { name: item.name }))
    const before = placeNow()
    const now = actions.nudge(workspace, item.id, dx, dy)
    if (!now) return
    const at = placeOf(now)
    const same = at.x === before.x && at.y === before.y
    announce(t(same ? 'stays' : 'moved', { name: item.name, place: describe(at) }))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return
    const place = placeNow()
    const arrows: Record<string, [-1 | 0 | 1, -1 | 0 | 1]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }
    if (!lifted) {
      if (event.key === 'Enter') {
        event.preventDefault()
        setLifted(place)
        announce(t('lifted', { name: item.name, place: describe(place) }))
      }
      return
    }
    const step = arrows[event.key]
    if (step) {
      event.preventDefault()
      if (event.shiftKey) {
        if (!resizable) return announce(t('resizingOff'))
        if (item.noResize) return announce(t('cannotResize', { name: item.name }))
        resize({ ...place, w: place.w + step[0], h: place.h + step[1] })
      } else {
        move(step[0], step[1])
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      setLifted(undefined)
      announce(t('dropped', { name: item.name, place: describe(place) }))
    } else if (event.key === 'Escape') {
      event.preventDefault()
      actions.place(workspace, item.id, lifted)
      setLifted(undefined)
      announce(t('cancelled', { name: item.name, place: describe(lifted) }))
    }
  }

  const state = item.isFullscreen ? 'fullscreen' : lifted ? 'lifted' : 'idle'
  return (
    <div
      ref={ref}
      className={`grid-stack-item honu-grid-item${item.isFullscreen ? ' honu-grid-item--fullscreen' : ''}`}
      gs-id={item.id}
      data-state={state}
    >
      <div
        className="grid-stack-item-content honu-grid-item__frame"
        tabIndex={0}
        role="group"
        aria-roledescription={t('widgetRole')}
        aria-label={item.name}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (lifted && !event.currentTarget.contains(event.relatedTarget)) {
            setLifted(undefined)
            announce(t('dropped', { name: item.name, place: describe(placeNow()) }))
          }
        }}
      >
        <div className="honu-grid-item__header">
          {/* The mouse's drag handle; the keyboard lifts the whole tile (Enter), so this is not focusable. */}
          <span className="honu-grid-item__handle" aria-hidden="true" title={t('dragToMove')}>
            <GripVertical size={ICON_SIZE} />
          </span>
          <h3 className="honu-grid-item__title">
            {definition && <definition.icon className="honu-grid-item__icon" size={ICON_SIZE} aria-hidden="true" />}
            {item.name}
          </h3>
          <IconButton
            aria-pressed={!!item.isFullscreen}
            label={t(item.isFullscreen ? 'leaveFullscreen' : 'fullscreen', { name: item.name })}
            icon={item.isFullscreen ? Minimize2 : Maximize2}
            onClick={() => actions.toggleFullscreen(workspace, item.id)}
          />
          <IconButton label={t('minimise', { name: item.name })} icon={Minus} onClick={() => actions.minimise(workspace, item.id)} />
          <IconButton label={t('remove', { name: item.name })} icon={X} onClick={() => actions.remove(workspace, item.id)} />
        </div>
        <div className="honu-grid-item__body">
          <WidgetErrorBoundary
            stopped={t('stopped', { name: item.name })}
            retry={t('retry')}
            onError={() => definition && components.delete(definition)}
          >
            <WidgetBody widget={shown as GridWidget} workspace={workspace} definition={definition} setData={setData} />
          </WidgetErrorBoundary>
        </div>
      </div>
    </div>
  )
}, sameButPlace)
