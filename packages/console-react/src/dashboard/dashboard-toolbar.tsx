import { useId, useState, type ChangeEvent } from 'react'
import { useStore } from 'zustand'
import { ConsoleError } from '@honu/core'
import { WIDGET_TYPES, type WidgetType, type WorkspaceId } from '@honu/core/grid'
import { useConsoleClient } from '../hooks/use-console-client'
import { useWorkspaceActions } from '../hooks/use-workspace-actions'
import type { WidgetRegistry } from '../widget/widget-definition'
import { useWidgetRegistry } from '../provider/console-context'

/** Props of {@link DashboardToolbar}. */
export interface DashboardToolbarProps {
  workspace: WorkspaceId
  /**
   * Widget types offered in the add menu, by title, in this order. Default: the console's (`widgets` of
   * `createConsoleRoutes`), else the nine types of spec §2 by their ids.
   */
  registry?: WidgetRegistry
}

/**
 * Editing controls of a dashboard: add a widget, switch snap-to-grid, export the layout to a file and import
 * one (a refused file says why and changes nothing).
 */
export function DashboardToolbar({ workspace, registry }: DashboardToolbarProps) {
  const client = useConsoleClient()
  const actions = useWorkspaceActions()
  const fromConsole = useWidgetRegistry()
  const offered = registry ?? fromConsole ?? WIDGET_TYPES.map((type) => ({ type, title: type, defaultSize: undefined }))
  const snap = useStore(client.grid, (s) => s.settings.snapToGrid)
  // Select the stored array itself: a selector answering a new array each time never settles.
  const items = useStore(client.grid, (s) => s.workspaces[workspace].items)
  const [type, setType] = useState<WidgetType>(offered[0]?.type ?? 'Map')
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string }>()
  const typeId = useId()
  const fileId = useId()

  const add = () => {
    const definition = offered.find((d) => d.type === type)
    let n = 1
    while (items.some((item) => item.id === `${type}-${n}`)) n++
    // Named by the type's title ("Mission execution 1"); ids keep the type, which layouts store.
    const size = snap ? undefined : definition?.defaultSize
    actions.add(workspace, { id: `${type}-${n}`, type, name: `${definition?.title ?? type} ${n}`, ...size })
  }

  const exportFile = () => {
    const blob = new Blob([JSON.stringify(actions.exportLayout(), null, 2)], { type: 'application/json' })
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = 'honu-layout.json'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    try {
      actions.importLayout(await file.text())
      setMessage({ tone: 'ok', text: `Layout imported from ${file.name}.` })
    } catch (error) {
      setMessage({ tone: 'error', text: ConsoleError.is(error) ? error.message : 'This file cannot be imported.' })
    }
  }

  return (
    <div className="honu-dashboard-toolbar" role="toolbar" aria-label="Dashboard">
      <label htmlFor={typeId}>Widget</label>
      <select id={typeId} value={type} onChange={(e) => setType(e.target.value as WidgetType)}>
        {offered.map((d) => (
          <option key={d.type} value={d.type}>
            {d.title}
          </option>
        ))}
      </select>
      <button type="button" className="honu-button" onClick={add}>
        Add widget
      </button>
      <label className="honu-checkbox">
        <input type="checkbox" checked={snap} onChange={(e) => actions.setSnapToGrid(e.target.checked)} /> Snap to grid
      </label>
      <button type="button" className="honu-button honu-button--quiet" onClick={exportFile}>
        Export layout
      </button>
      <label htmlFor={fileId} className="honu-button honu-button--quiet">
        Import layout
      </label>
      <input id={fileId} type="file" accept="application/json,.json" className="honu-visually-hidden" onChange={(e) => void importFile(e)} />
      {message && (
        <p className={message.tone === 'error' ? 'honu-error' : 'honu-muted'} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  )
}
