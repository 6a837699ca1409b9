import { useCallback, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { useStore } from 'zustand'
import { recoveryMessages } from '@honu/core'
import { columnsOf, createDashboardController, createGridEngine, type WorkspaceId } from '@honu/core/grid'
import { useConsoleClient, type WidgetDefinition, type WidgetRegistry, useMessages } from '@honu/console-kit'
import { useWorkspaceActions } from '../ui/use-workspace-actions'
import { DashboardItem } from './dashboard-item'
import { dashboardMessages } from '../messages/dashboard'

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/** Props of {@link Dashboard}. */
export interface DashboardProps {
  /** Which workspace's widgets to show (spec §2: stream-view, mission-operations, mission-review). */
  workspace: WorkspaceId
  /** The widget types it can show, each loaded on first use; see `widgetDefinitions` of `@honu/widgets`. */
  registry: WidgetRegistry
  /** Accessible name of the dashboard. */
  label: string
  /**
   * What to do when the dashboard is empty, under its 'No widgets here yet.' Default: add one from the toolbar
   * (the stream viewer says to pick a stream from its list instead).
   */
  emptyHint?: string
}

/**
 * A workspace as a dashboard of draggable, resizable widgets (gridstack behind `@honu/core/grid`'s engine).
 * Widgets are rendered by React and handed to the engine; their layout lives in the console's grid store (and
 * so in session storage), which `createDashboardController` draws on the grid. Minimised widgets wait in a tray;
 * every keyboard change is announced.
 *
 * @example <Dashboard workspace="stream-view" registry={widgetDefinitions} label="Streams" />
 */
export function Dashboard({ workspace, registry, label, emptyHint }: DashboardProps) {
  const client = useConsoleClient()
  const actions = useWorkspaceActions()
  const t = useMessages(dashboardMessages)
  const items = useStore(client.grid, (s) => s.workspaces[workspace].items)
  const snap = useStore(client.grid, (s) => s.settings.snapToGrid)
  const columns = useStore(client.grid, (s) => columnsOf(s.settings))
  // The grid's minimum size (grid settings, spec §3); 0 is none. A grid wider than its place scrolls inside it.
  const minWidth = useStore(client.grid, (s) => s.settings.minGridWidth) || undefined
  const minHeight = useStore(client.grid, (s) => s.settings.minGridHeight) || undefined
  const [controller] = useState(() =>
    createDashboardController(client.grid, createGridEngine({ animate: !prefersReducedMotion(), logger: client.logger })),
  )
  const status = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot)
  const [gridElement, setGridElement] = useState<HTMLDivElement | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const current = useCallback((id: string) => client.grid.getState().workspaces[workspace].items.find((item) => item.id === id), [client, workspace])
  const definitions = useMemo(() => new Map<string, WidgetDefinition>(registry.map((d) => [d.type, d])), [registry])
  const headingId = useId()
  const helpId = useId()

  // The grid's whole life: mounted in its element, drawn from the store after every change, destroyed on unmount.
  useEffect(() => (gridElement ? controller.connect(gridElement, workspace) : undefined), [controller, gridElement, workspace])

  const visible = items.filter((item) => !item.isMinimised)
  const minimised = items.filter((item) => item.isMinimised)

  return (
    <section className="honu-dashboard" aria-labelledby={headingId}>
      {/* Widget titles are level-3 headings under this one, so the outline has no gap. */}
      <h2 id={headingId} className="honu-visually-hidden">
        {label}
      </h2>
      <p id={helpId} className="honu-visually-hidden">
        {t('keyboardHelp')}
      </p>
      {items.length === 0 && (
        <div className="honu-empty">
          <p className="honu-empty__title">{t('empty')}</p>
          <p className="honu-empty__text">{emptyHint ?? t('emptyHint')}</p>
        </div>
      )}
      {status === 'error' && (
        <p className="honu-error" role="alert">
          {recoveryMessages.consoleUpdated} {t('reloadToSee')}
        </p>
      )}
      <div className="honu-grid-scroller" style={minWidth ? { overflowX: 'auto' } : undefined}>
        <div ref={setGridElement} className="grid-stack honu-grid" data-columns={columns} style={{ minWidth, minHeight }}>
          {status === 'ready' &&
            visible.map((item) => (
              <DashboardItem
                key={item.id}
                item={item}
                workspace={workspace}
                engine={controller.engine}
                actions={actions}
                definition={definitions.get(item.type)}
                columns={columns}
                resizable={!snap}
                announce={setAnnouncement}
                helpId={helpId}
                current={current}
              />
            ))}
        </div>
      </div>
      {minimised.length > 0 && (
        <ul className="honu-tray" aria-label={t('minimised')}>
          {minimised.map((item) => (
            <li key={item.id}>
              <button type="button" className="honu-button honu-button--quiet" onClick={() => actions.restore(workspace, item.id)}>
                {t('restore', { name: item.name })}
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
