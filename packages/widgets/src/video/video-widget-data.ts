import { invalidWidgetData } from '@honu/console-kit/widget'

/** What a Video widget's `data` may hold: a stream of the tenant's list, by id, or a source address of its own. */
export interface VideoWidgetData {
  /** The stream's `video_id`; the widget looks the stream up through the API. */
  streamId?: string
  /** A source address played as it is (no stream, no media token). */
  src?: string
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * Reads a Video widget's stored data. A widget just added has none (`{}`); anything else that is not text where
 * text belongs throws `widget/invalid-data` naming the field.
 */
export function parseVideoWidgetData(data: unknown): VideoWidgetData {
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) throw invalidWidgetData('its data', 'must be an object')
  const { streamId, src } = data as Record<string, unknown>
  const parsed: VideoWidgetData = {}
  if (streamId !== undefined) {
    if (!text(streamId)) throw invalidWidgetData('streamId', 'must be a stream id (text)')
    parsed.streamId = streamId
  }
  if (src !== undefined) {
    if (!text(src)) throw invalidWidgetData('src', 'must be a source address (text)')
    parsed.src = src
  }
  return parsed
}
