import { lazy, memo, Suspense, useMemo, type ComponentType } from 'react'
import { ConsoleError } from '@honu/core'
import type { WorkspaceId } from '@honu/core/grid'
import { useMessages, type WidgetDefinition, type WidgetProps } from '@honu/console-kit'
import { WidgetErrorBoundary } from '../../dashboard/widget-error-boundary'
import { vehiclePageMessages } from './vehicle-messages'

// One lazy component per definition (as the dashboard keeps them), a failed load forgotten so Retry loads afresh.
const components = new WeakMap<WidgetDefinition, ComponentType<WidgetProps>>()
function componentOf(definition: WidgetDefinition): ComponentType<WidgetProps> {
  let component = components.get(definition)
  if (!component) {
    component = lazy(() =>
      definition.load().catch((error: unknown) => {
        components.delete(definition)
        throw error
      }),
    )
    components.set(definition, component)
  }
  return component
}

const noop = () => {}

/**
 * A widget of the console's registry shown outside a dashboard (the vehicle page shows its vehicle through the
 * Vehicle widget, its map through the Map widget, its streams through Video widgets): loaded on first use, its data
 * read by its definition, behind an error boundary. Its data is the page's: a widget's own `setData` changes
 * nothing here.
 */
export const EmbeddedWidget = memo(function EmbeddedWidget({
  definition,
  id,
  name,
  data,
  workspace = 'stream-view',
}: {
  definition: WidgetDefinition
  id: string
  name: string
  data: unknown
  workspace?: WorkspaceId
}) {
  const t = useMessages(vehiclePageMessages)
  const parsed = useMemo(() => {
    try {
      return { data: definition.parse(data) }
    } catch (error) {
      return { error }
    }
  }, [definition, data])
  if ('error' in parsed)
    return (
      <p className="honu-error" role="alert">
        {ConsoleError.is(parsed.error) ? parsed.error.message : t('widgetStopped', { name })}
      </p>
    )
  // The same lazy component for the same definition (see componentOf), as the dashboard's widget bodies.
  const Widget = componentOf(definition)
  return (
    <WidgetErrorBoundary stopped={t('widgetStopped', { name })} retry={t('retry')}>
      <Suspense
        fallback={
          <p className="honu-muted" role="status">
            {t('loadingPart', { name })}
          </p>
        }
      >
        <Widget widget={{ id, type: definition.type, name, data: parsed.data }} workspace={workspace} setData={noop} />
      </Suspense>
    </WidgetErrorBoundary>
  )
})
