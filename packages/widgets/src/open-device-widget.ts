import { createWorkspaceActions, type GridStore, type GridWidget, type WorkspaceId } from '@honu/core/grid'

/** The widget types that show one device, by its id in their data (`{ deviceId }`). */
export type DeviceWidgetType = 'Vehicle' | 'Vnc'

/** The id a widget opened for a device gets: one per type, device and workspace (`vehicle-<id>`, `vnc-<id>`). */
export const deviceWidgetId = (type: DeviceWidgetType, deviceId: string): string => `${type.toLowerCase()}-${deviceId}`

/** A device widget's device, from its stored data (`{ deviceId }`), or undefined. */
const deviceOf = (widget: GridWidget): string | undefined => {
  const data = widget.data as { deviceId?: unknown } | undefined
  return typeof data?.deviceId === 'string' ? data.deviceId : undefined
}

/**
 * Opens a device's widget of `type` in a workspace: one there already showing the device is restored if
 * minimised; otherwise one is added ({@link deviceWidgetId}, data `{ deviceId }`, auto-placed by the §4 rules).
 * Answers the widget's id, for {@link focusWidget}.
 *
 * The Map widget opens a vehicle's Vehicle widget with it, the Remote Access widget a device's Vnc widget, each
 * with the console's grid store (`useConsoleClient().grid`): the same store and rules as the add-widget menu, so no
 * new contract between widgets and the dashboard is needed.
 */
export function openDeviceWidget(grid: GridStore, workspace: WorkspaceId, type: DeviceWidgetType, deviceId: string, name: string): string {
  const actions = createWorkspaceActions(grid)
  const existing = grid.getState().workspaces[workspace].items.find((item) => item.type === type && deviceOf(item) === deviceId)
  if (existing) {
    if (existing.isMinimised) actions.restore(workspace, existing.id)
    return existing.id
  }
  // The id is taken when that widget was pointed at another device since: a new one beside it.
  const taken = new Set(grid.getState().workspaces[workspace].items.map((item) => item.id))
  let id = deviceWidgetId(type, deviceId)
  for (let n = 2; taken.has(id); n++) id = `${deviceWidgetId(type, deviceId)}-${n}`
  actions.add(workspace, { id, type, name, data: { deviceId } })
  return id
}

/**
 * Moves keyboard focus to a widget's tile (the dashboard's focusable frame) in the dashboard that holds `from`,
 * once it is drawn: a widget just added appears a render later. Gives up after `frames` animation frames.
 */
export function focusWidget(from: Element, id: string, frames = 60): void {
  const root = from.closest('.grid-stack') ?? from.getRootNode()
  const find = () => (root as ParentNode).querySelector<HTMLElement>(`[gs-id="${CSS.escape(id)}"] .honu-grid-item__frame`)
  const attempt = (left: number) => {
    const tile = find()
    // focus() scrolls the tile into view.
    if (tile) tile.focus()
    else if (left > 0) requestAnimationFrame(() => attempt(left - 1))
  }
  attempt(frames)
}
