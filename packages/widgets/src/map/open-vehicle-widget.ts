import { createWorkspaceActions, type GridStore, type GridWidget, type WorkspaceId } from '@honu/core/grid'

/** The id the Map widget gives a Vehicle widget it adds for a vehicle: one per vehicle and workspace. */
export const vehicleWidgetId = (deviceId: string): string => `vehicle-${deviceId}`

/** A Vehicle widget's device, from its stored data (`{ deviceId }`), or undefined. */
const deviceOf = (widget: GridWidget): string | undefined => {
  const data = widget.data as { deviceId?: unknown } | undefined
  return typeof data?.deviceId === 'string' ? data.deviceId : undefined
}

/**
 * Opens a vehicle's Vehicle widget in a workspace: a Vehicle widget there already showing the vehicle is
 * restored if minimised; otherwise one is added (`vehicle-<deviceId>`, data `{ deviceId }`, auto-placed by the
 * §4 rules). Answers the widget's id, for {@link focusWidget}.
 *
 * The Map widget calls it with the console's grid store (`useConsoleClient().grid`): the same store and rules as
 * the add-widget menu, so no new contract between widgets and the dashboard is needed.
 */
export function openVehicleWidget(grid: GridStore, workspace: WorkspaceId, deviceId: string, name: string): string {
  const actions = createWorkspaceActions(grid)
  const existing = grid.getState().workspaces[workspace].items.find((item) => item.type === 'Vehicle' && deviceOf(item) === deviceId)
  if (existing) {
    if (existing.isMinimised) actions.restore(workspace, existing.id)
    return existing.id
  }
  const id = vehicleWidgetId(deviceId)
  actions.add(workspace, { id, type: 'Vehicle', name, data: { deviceId } })
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
