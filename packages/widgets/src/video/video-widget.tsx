import { useConsoleClient, useStreamView, type WidgetProps } from '@honu/console-react'
import { VideoPlayer } from './video-player'
import { useVideoSettings } from './video-settings'

/** What a Video widget's `data` may hold: a stream of the tenant's list, or a source address of its own. */
export interface VideoWidgetData {
  streamId?: string
  src?: string
}

/**
 * The dashboard's Video widget: plays its stream's proxy address when there is one, else its source (spec §3).
 * Minimised widgets are not mounted, so they download nothing.
 */
export function VideoWidget({ widget }: WidgetProps) {
  const client = useConsoleClient()
  const { hls } = useVideoSettings()
  const data = (widget.data ?? {}) as VideoWidgetData
  const stream = useStreamView((s) => s.streams.find((v) => v.video_id === (data.streamId ?? widget.id)))
  const src = data.src ?? (stream ? stream.proxy_address || stream.source : undefined)
  if (!src) {
    return <p className="honu-muted">This stream is no longer in the tenant’s list; remove the widget or pick another stream.</p>
  }
  return <VideoPlayer src={src} base={client.apiBaseUrl} title={stream?.name ?? widget.name} hls={hls} />
}
