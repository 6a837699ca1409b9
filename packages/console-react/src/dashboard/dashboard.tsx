import { useEffect, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { columnsOf, createGridEngine, createWorkspaceActions, type WorkspaceId } from '@honu/core/grid'
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
  const [engine] = useState(() => createGridEngine({ columns, resizable: !snap, logger: client.logger }))
  const [gridElement, setGridElement] = useState<HTMLDivElement | null>(null)
  const [ready, setReady] = useState(false)
  const [announcement, setAnnouncement] = useState('')

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

  useEffect(() => {
    engine.setColumns(columns)
    engine.setResizable(!snap)
  }, [engine, columns, snap])

  const visible = items.filter((item) => !item.isMinimised)
  const minimised = items.filter((item) => item.isMinimised)

  return (
    <section className="honu-dashboard" aria-label={label}>
      <p id="honu-dashboard-help" className="honu-visually-hidden">
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
