import { useMemo } from 'react'
import { useConsoleClient, useMessages, useTenant } from '@honu/console-kit'
import type { WidgetProps } from '@honu/console-kit/widget'
import type { MediaCredentials } from './media-credentials'
import { useTenantStream } from './use-tenant-stream'
import { VideoPlayer } from './video-player'
import { useVideoSettings } from './video-settings'
import type { VideoWidgetData } from './video-widget-data'
import { VideoWidgetPicker } from './video-widget-picker'
import { ResourceLookup } from '../picker/resource-lookup'
import { videoMessages } from '../messages/video'

/**
 * The dashboard's Video widget: plays its stream's proxy address when there is one, else its source (spec §3).
 * The stream is looked up by the id in the widget's data, through the API, so the widget works on any dashboard.
 * Minimised widgets are not mounted, so they download nothing. The player gets the signed-in user's ID token and
 * the stream's media tokens (`POST /api/v1/videos/{id}/media-token`), and sends them only to the API's origin.
 */
export function VideoWidget({ widget, setData }: WidgetProps<VideoWidgetData>) {
  const client = useConsoleClient()
  const t = useMessages(videoMessages)
  const { hls } = useVideoSettings()
  const data = widget.data
  // A source of the widget's own needs no stream.
  const lookup = useTenantStream(data.src ? undefined : data.streamId)
  const stream = lookup.status === 'found' ? lookup.stream : undefined
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
      // A 401 from a media route ends the session as one from the API does (after one refresh).
      unauthorized: client.reportUnauthorized,
    }),
    [client, tenantId, videoId],
  )
  if (src) return <VideoPlayer src={src} base={client.apiBaseUrl} credentials={credentials} title={stream?.name ?? widget.name} hls={hls} />
  return (
    <ResourceLookup
      // Found without a source to play: as with none chosen, its picker points it at another.
      lookup={lookup.status === 'found' ? { status: 'idle', retry: lookup.retry } : lookup}
      words={{
        finding: t('findingStream'),
        failed: (reason) => t('streamFailed', { reason }),
        noAnswer: t('noAnswer'),
        retry: t('retry'),
        none: t('noStream'),
        gone: t('streamGone'),
        choose: t('chooseStream'),
      }}
      className="honu-video-widget__choose"
      name={widget.name}
      current={data}
      setData={setData}
      Picker={VideoWidgetPicker}
    />
  )
}
