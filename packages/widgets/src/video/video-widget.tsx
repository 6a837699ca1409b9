import { useMemo } from 'react'
import { useConsoleClient, useStreamView, useTenant, type WidgetProps } from '@honu/console-react'
import type { MediaCredentials } from './media-credentials'
import { VideoPlayer } from './video-player'
import { useVideoSettings } from './video-settings'

/** What a Video widget's `data` may hold: a stream of the tenant's list, or a source address of its own. */
export interface VideoWidgetData {
  streamId?: string
  src?: string
}

/**
 * The dashboard's Video widget: plays its stream's proxy address when there is one, else its source (spec §3).
 * Minimised widgets are not mounted, so they download nothing. The player gets the signed-in user's ID token and
 * the stream's media tokens (`POST /api/v1/videos/{id}/media-token`), and sends them only to the API's origin.
 */
export function VideoWidget({ widget }: WidgetProps) {
  const client = useConsoleClient()
  const { hls } = useVideoSettings()
  const data = (widget.data ?? {}) as VideoWidgetData
  const stream = useStreamView((s) => s.streams.find((v) => v.video_id === (data.streamId ?? widget.id)))
  const src = data.src ?? (stream ? stream.proxy_address || stream.source : undefined)
  const tenantId = useTenant((t) => t.tenant?.tenant_id)
  // A source of the widget's own is not the stream's: no media token for it.
  const videoId = data.src ? undefined : stream?.video_id
  const credentials = useMemo<MediaCredentials>(
    () => ({
      idToken: async () => client.authAdapter?.getIdToken(),
      mediaToken:
        videoId && tenantId
          ? async () => {
              const url = `${client.apiBaseUrl}/api/v1/videos/${encodeURIComponent(videoId)}/media-token`
              const answer = await client.http.request<{ token: string }>('POST', url, { query: { tenant_id: tenantId } })
              return answer.token
            }
          : undefined,
    }),
    [client, tenantId, videoId],
  )
  if (!src) {
    return <p className="honu-muted">This stream is no longer in the tenant’s list; remove the widget or pick another stream.</p>
  }
  return <VideoPlayer src={src} base={client.apiBaseUrl} credentials={credentials} title={stream?.name ?? widget.name} hls={hls} />
}
