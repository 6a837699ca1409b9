import { useId, useMemo, useState, type ChangeEvent } from 'react'
import { useStore } from 'zustand'
import { ConsoleError } from '@honu/core'
import { WIDGET_TYPES, createWorkspaceActions, type WidgetType, type WorkspaceId } from '@honu/core/grid'
import { useConsoleClient } from '../hooks/use-console-client'

/** Props of {@link DashboardToolbar}. */
export interface DashboardToolbarProps {
  workspace: WorkspaceId
  /** Widget types offered in the add menu. Default: all nine. */
  widgetTypes?: readonly WidgetType[]
}

/**
 * Editing controls of a dashboard: add a widget, switch snap-to-grid, export the layout to a file and import
 * one (a refused file says why and changes nothing).
 */
export function DashboardToolbar({ workspace, widgetTypes = WIDGET_TYPES }: DashboardToolbarProps) {
  const client = useConsoleClient()
  const actions = useMemo(() => createWorkspaceActions(client.grid), [client])
  const snap = useStore(client.grid, (s) => s.settings.snapToGrid)
  // Select the stored array itself: a selector answering a new array each time never settles.
  const items = useStore(client.grid, (s) => s.workspaces[workspace].items)
  const [type, setType] = useState<WidgetType>(widgetTypes[0] ?? 'Map')
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string }>()
  const typeId = useId()
  const fileId = useId()

  const add = () => {
    let n = 1
    while (items.some((item) => item.id === `${type}-${n}`)) n++
    actions.add(workspace, { id: `${type}-${n}`, type, name: `${type} ${n}` })
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
        {widgetTypes.map((t) => (
          <option key={t} value={t}>
            {t}
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
