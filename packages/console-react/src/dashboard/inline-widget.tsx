import type { GridWidget, WorkspaceId } from '@honu/core/grid'
import { useMessages, type WidgetDefinition } from '@honu/console-kit'
import { components, WidgetBody } from './dashboard-item'
import { WidgetErrorBoundary } from './widget-error-boundary'
import { dashboardMessages } from '../messages/dashboard'

const ignore = () => {}

/**
 * A widget shown outside the grid, as a part of a screen (the plan panel's map): its content behind the same error
 * boundary as on the grid, without a header or a place. Its data is not kept (`setData` does nothing).
 */
export function InlineWidget({ widget, workspace, definition }: { widget: GridWidget; workspace: WorkspaceId; definition: WidgetDefinition }) {
  const t = useMessages(dashboardMessages)
  return (
    <WidgetErrorBoundary stopped={t('stopped', { name: widget.name })} retry={t('retry')} onError={() => components.delete(definition)}>
      <WidgetBody widget={widget} workspace={workspace} definition={definition} setData={ignore} />
    </WidgetErrorBoundary>
  )
}
