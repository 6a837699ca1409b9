import type { ComponentType } from 'react'
import type { GridWidget, WorkspaceId } from '@honu/core/grid'

/** What every widget component receives. */
export interface WidgetProps {
  /** The widget's record: id, type, name and its own `data` (a stream id, a device id…). */
  widget: GridWidget
  /** The workspace it sits in. */
  workspace: WorkspaceId
}

/** Widget type → component (usually `lazy(() => import(...))`, so a dashboard loads only what it shows). */
export type WidgetRegistry = Readonly<Record<string, ComponentType<WidgetProps>>>
