import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { GRID, columnsOf, createGridEngine, createWorkspaceActions, type GridPlace, type WorkspaceId } from '@honu/core/grid'
import { useConsoleClient } from '../hooks/use-console-client'
import { DashboardItem } from './dashboard-item'
import { placeOf } from './place-of'
import type { WidgetRegistry } from './widget-registry'

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/** Props of {@link Dashboard}. */
export interface DashboardProps {
  /** Which workspace's widgets to show (spec §2: stream-view, mission-operations, mission-review). */
  workspace: WorkspaceId
  /** Widget type → component; see `@honu/widgets`. */
  registry: WidgetRegistry
  /** Accessible name of the dashboard. */
  label: string
}

/**
 * A workspace as a dashboard of draggable, resizable widgets (gridstack behind `@honu/core/grid`'s engine).
 * Widgets are rendered by React and handed to the engine; their layout lives in the console's grid store (and
 * so in session storage). Minimised widgets wait in a tray; every keyboard change is announced.
 *
 * @example <Dashboard workspace="stream-view" registry={widgetComponents} label="Streams" />
 */
export function Dashboard({ workspace, registry, label }: DashboardProps) {
  const client = useConsoleClient()
  const actions = useMemo(() => createWorkspaceActions(client.grid), [client])
  const items = useStore(client.grid, (s) => s.workspaces[workspace].items)
  const snap = useStore(client.grid, (s) => s.settings.snapToGrid)
  const columns = useStore(client.grid, (s) => columnsOf(s.settings))
  const cellHeight = useStore(client.grid, (s) => (s.settings.snapToGrid ? s.settings.snapToGridHeight : GRID.cellHeight))
  const [engine] = useState(() =>
    createGridEngine({ columns, cellHeight, resizable: !snap, animate: !prefersReducedMotion(), logger: client.logger }),
  )
  const [gridElement, setGridElement] = useState<HTMLDivElement | null>(null)
  const [ready, setReady] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const current = useCallback(
    (id: string) => client.grid.getState().workspaces[workspace].items.find((item) => item.id === id),
    [client, workspace],
  )
  const headingId = useId()
  const helpId = useId()

  useEffect(() => {
    if (!gridElement) return
    let live = true
    void engine.mount(gridElement).then(() => live && setReady(true))
    return () => {
      live = false
      setReady(false)
      engine.destroy()
    }
  }, [engine, gridElement])

  // A mouse drag or resize ends with the dragged widget's place; the layout engine decides the rest.
  useEffect(() => {
    const settle = (places: GridPlace[]) => {
      for (const place of places) if (place.id) actions.place(workspace, place.id, place)
    }
    const stops = [engine.on('dragstop', settle), engine.on('resizestop', settle)]
    return () => stops.forEach((stop) => stop())
  }, [engine, actions, workspace])

  const visible = useMemo(() => items.filter((item) => !item.isMinimised), [items])
  const minimised = items.filter((item) => item.isMinimised)

  // Columns first, then the places: gridstack's rescaling on a mode switch is only a guess.
  useLayoutEffect(() => {
    engine.setColumns(columns)
    engine.setCellHeight(cellHeight)
    engine.setResizable(!snap)
  }, [engine, columns, cellHeight, snap])

  // The store's layout is drawn as it is: after every change, every widget whose place differs is moved, in one
  // batch.
  useLayoutEffect(() => {
    if (ready) engine.sync(visible.map(placeOf))
  }, [engine, ready, visible, columns, cellHeight])

  return (
    <section className="honu-dashboard" aria-labelledby={headingId}>
      {/* Widget titles are level-3 headings under this one, so the outline has no gap. */}
      <h2 id={headingId} className="honu-visually-hidden">
        {label}
      </h2>
      <p id={helpId} className="honu-visually-hidden">
        Press Enter to lift a widget, arrow keys to move it, Shift and arrow keys to resize it, Enter to drop it and
        Escape to cancel.
      </p>
      {items.length === 0 && <p className="honu-muted">No widgets here yet.</p>}
      <div ref={setGridElement} className="grid-stack honu-grid">
        {ready &&
          visible.map((item) => (
            <DashboardItem
              key={item.id}
              item={item}
              workspace={workspace}
              engine={engine}
              actions={actions}
              registry={registry}
              columns={columns}
              resizable={!snap}
              announce={setAnnouncement}
              helpId={helpId}
              current={current}
            />
          ))}
      </div>
      {minimised.length > 0 && (
        <ul className="honu-tray" aria-label="Minimised widgets">
          {minimised.map((item) => (
            <li key={item.id}>
              <button type="button" className="honu-button honu-button--quiet" onClick={() => actions.restore(workspace, item.id)}>
                Restore {item.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="honu-visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
    </section>
  )
}
