import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { GRID, columnsOf, createGridEngine, createWorkspaceActions, type WorkspaceId } from '@honu/core/grid'
import { useConsoleClient } from '../hooks/use-console-client'
import { DashboardItem } from './dashboard-item'
import type { WidgetRegistry } from './widget-registry'

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
  const [engine] = useState(() => createGridEngine({ columns, cellHeight, resizable: !snap, logger: client.logger }))
  const [gridElement, setGridElement] = useState<HTMLDivElement | null>(null)
  const [ready, setReady] = useState(false)
  const [announcement, setAnnouncement] = useState('')
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

  // Drags and resizes with the mouse come back from gridstack as places; the store is the source of truth.
  useEffect(
    () =>
      engine.on('change', (places) => {
        for (const place of places) if (place.id) actions.place(workspace, place.id, place)
      }),
    [engine, actions, workspace],
  )

  const visible = items.filter((item) => !item.isMinimised)
  const minimised = items.filter((item) => item.isMinimised)
  const latest = useRef(visible)
  useLayoutEffect(() => {
    latest.current = visible
  })

  // A mode switch changes the column count; gridstack's rescaled guesses are replaced by the store's layout.
  useEffect(() => {
    engine.setColumns(columns)
    engine.setCellHeight(cellHeight)
    engine.setResizable(!snap)
    engine.sync(latest.current.map((item) => ({ id: item.id, x: item.x ?? 0, y: item.y ?? 0, w: item.w ?? 1, h: item.h ?? 1 })))
  }, [engine, columns, cellHeight, snap, ready])

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
