import { Component, lazy, Suspense, useId, useState, type ChangeEvent, type ComponentType, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { LayoutGrid, Plus } from 'lucide-react'
import { dashboardMessages } from '../messages/dashboard'
import {
  useMessages,
  useConsoleClient,
  MenuButton,
  MenuItem,
  type WidgetDefinition,
  type WidgetPickerProps,
  type WidgetRegistry,
  useWidgetRegistry,
} from '@honu/console-kit'
import { ConsoleError } from '@honu/core'
import { WIDGET_TYPES, type WorkspaceId } from '@honu/core/grid'
import { useWorkspaceActions } from '../ui/use-workspace-actions'

// The grid control dialog is a page of its own, loaded when first opened (spec §2).
const GridSettingsDialog = lazy(() => import('./grid-settings-dialog'))

// One lazy picker per definition, like the widgets' own components (dashboard-item.tsx).
const pickers = new WeakMap<WidgetDefinition, ComponentType<WidgetPickerProps>>()
function pickerOf(definition: WidgetDefinition & Required<Pick<WidgetDefinition, 'picker'>>): ComponentType<WidgetPickerProps> {
  let picker = pickers.get(definition)
  if (!picker) {
    picker = lazy(() =>
      definition.picker().catch((error: unknown) => {
        pickers.delete(definition)
        throw error
      }),
    )
    pickers.set(definition, picker)
  }
  return picker
}

/** A widget being added whose type asks for its data first. */
interface Picking {
  definition: WidgetDefinition & Required<Pick<WidgetDefinition, 'picker'>>
  /** Its picker, made once when the menu item is chosen. */
  Picker: ComponentType<WidgetPickerProps>
  id: string
  name: string
}

/** Props of {@link DashboardToolbar}. */
export interface DashboardToolbarProps {
  workspace: WorkspaceId
  /**
   * Widget types offered in the add menu, by title and icon, in this order. Default: the console's (`widgets` of
   * `createConsoleRoutes`), else the nine types of spec §2 by their ids.
   */
  registry?: WidgetRegistry
}

/**
 * Editing controls of a dashboard: add a widget from a menu of the types (a type with a picker, such as Video,
 * asks for its data first: the stream to show), switch snap-to-grid, open the grid control dialog, export the
 * layout to a file and import one (a refused file says why and changes nothing).
 */
export function DashboardToolbar({ workspace, registry }: DashboardToolbarProps) {
  const client = useConsoleClient()
  const actions = useWorkspaceActions()
  const fromConsole = useWidgetRegistry()
  const t = useMessages(dashboardMessages)
  const translate = useStore(client.i18n, (s) => s.t)
  // A type's title in the active language when its definition names its message.
  const titleOf = (definition: Pick<WidgetDefinition, 'title' | 'titleMessage'>) =>
    definition.titleMessage ? translate(definition.titleMessage.book, definition.titleMessage.key) : definition.title
  const offered: readonly Pick<WidgetDefinition, 'type' | 'title' | 'titleMessage' | 'defaultSize' | 'icon' | 'picker'>[] =
    registry ?? fromConsole ?? WIDGET_TYPES.map((type) => ({ type, title: type, icon: LayoutGrid }))
  const snap = useStore(client.grid, (s) => s.settings.snapToGrid)
  // Select the stored array itself: a selector answering a new array each time never settles.
  const items = useStore(client.grid, (s) => s.workspaces[workspace].items)
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string }>()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [picking, setPicking] = useState<Picking>()
  const fileId = useId()

  const add = (definition: (typeof offered)[number]) => {
    const { type } = definition
    let n = 1
    while (items.some((item) => item.id === `${type}-${n}`)) n++
    // Named by the type's title ("Mission execution 1"); ids keep the type, which layouts store.
    const widget = { id: `${type}-${n}`, type, name: t('newWidgetName', { title: titleOf(definition), n }) }
    if (definition.picker) {
      const withPicker = definition as Picking['definition']
      return setPicking({ definition: withPicker, Picker: pickerOf(withPicker), ...widget })
    }
    const size = snap ? undefined : definition.defaultSize
    actions.add(workspace, { ...widget, ...size })
  }
  const picked = (data: unknown) => {
    if (!picking) return
    const size = snap ? undefined : picking.definition.defaultSize
    actions.add(workspace, {
      id: picking.id,
      type: picking.definition.type,
      name: picking.name,
      data,
      dataVersion: picking.definition.version,
      ...size,
    })
    setPicking(undefined)
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
      setMessage({ tone: 'ok', text: t('imported', { file: file.name }) })
    } catch (error) {
      setMessage({ tone: 'error', text: ConsoleError.is(error) ? error.message : t('notImported') })
    }
  }

  return (
    <div className="honu-dashboard-toolbar" role="toolbar" aria-label={t('toolbar')}>
      <MenuButton label={t('addWidget')} icon={Plus} placement="bottom-start" className="honu-button">
        {offered.map((definition) => (
          <MenuItem key={definition.type} label={titleOf(definition)} icon={definition.icon} onSelect={() => add(definition)} />
        ))}
      </MenuButton>
      <label className="honu-checkbox">
        <input type="checkbox" checked={snap} onChange={(e) => actions.setSnapToGrid(e.target.checked)} /> {t('snapToGrid')}
      </label>
      <button type="button" className="honu-button honu-button--quiet" aria-haspopup="dialog" onClick={() => setSettingsOpen(true)}>
        <LayoutGrid size={18} aria-hidden="true" /> {t('gridSettings')}
      </button>
      <button type="button" className="honu-button honu-button--quiet" onClick={exportFile}>
        {t('exportLayout')}
      </button>
      <label htmlFor={fileId} className="honu-button honu-button--quiet">
        {t('importLayout')}
      </label>
      <input id={fileId} type="file" accept="application/json,.json" className="honu-visually-hidden" onChange={(e) => void importFile(e)} />
      {settingsOpen && (
        <Suspense fallback={null}>
          <GridSettingsDialog onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      {picking && (
        <PickerBoundary
          key={picking.id}
          onFailed={() => setPicking(undefined)}
          setMessage={(text) => setMessage({ tone: 'error', text })}
          failed={t('pickerFailed')}
        >
          <Suspense fallback={null}>
            <picking.Picker name={picking.name} onPick={picked} onCancel={() => setPicking(undefined)} />
          </Suspense>
        </PickerBoundary>
      )}
      {message && (
        <p className={message.tone === 'error' ? 'honu-error' : 'honu-muted'} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  )
}

/** Says so when a picker's code cannot be loaded, and forgets the widget being added. */
class PickerBoundary extends Component<
  { children: ReactNode; onFailed: () => void; setMessage: (text: string) => void; failed: string },
  { failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch() {
    this.props.setMessage(this.props.failed)
    this.props.onFailed()
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}
