import { useMessages } from '@honu/console-kit'
import type { WidgetPickerProps } from '@honu/console-kit/widget'
import { ResourcePickerDialog } from '../picker/resource-picker-dialog'
import { useTenantStreams } from './use-tenant-stream'
import type { VideoWidgetData } from './video-widget-data'
import { videoMessages } from '../messages/video'

/**
 * The Video widget's stream picker: the selected tenant's streams (v1 `GET /videos`) in the shared
 * {@link ResourcePickerDialog}. Picking one answers `{ streamId }`, which the dashboard keeps as the widget's data
 * (so it survives a reload and goes with an exported layout). Opened by the add-widget menu, and by a Video widget
 * without a stream.
 */
export function VideoWidgetPicker({ name, current, onPick, onCancel }: WidgetPickerProps<VideoWidgetData>) {
  const streams = useTenantStreams()
  const t = useMessages(videoMessages)
  return (
    <ResourcePickerDialog
      name={name}
      list={streams.status === 'ready' ? { status: 'ready', options: streams.streams.map((s) => ({ id: s.video_id, label: s.name })) } : streams}
      retry={streams.retry}
      initial={current?.streamId}
      onPick={(streamId) => onPick({ streamId })}
      onCancel={onCancel}
      t={t}
      words={{ legend: t('streams'), loading: t('loadingStreams'), failed: (reason) => t('streamsFailed', { reason }), none: t('noStreams') }}
      className="honu-stream-picker"
    />
  )
}
