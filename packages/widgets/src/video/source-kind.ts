import type { PlaybackReason } from '../messages/playback'

/** How a video source is played. */
export type SourceKind = 'hls' | 'whep' | 'mjpeg' | 'file'

/**
 * Tells how to play an address: HLS playlists (`.m3u8`), WebRTC through WHEP (a `/whep` path or a `whep+http(s):`
 * address), MJPEG (`.mjpg`, `.mjpeg`, `/mjpeg`), and anything else as a file the browser plays itself
 * (MP4, WebM).
 *
 * @example sourceKind('https://cam.example/live/index.m3u8') // 'hls'
 */
export function sourceKind(src: string): SourceKind {
  const lower = src.trim().toLowerCase()
  if (lower.startsWith('whep+')) return 'whep'
  const path = lower.split(/[?#]/)[0] ?? ''
  if (path.endsWith('.m3u8')) return 'hls'
  if (/\/whep(\/|$)/.test(path)) return 'whep'
  if (/\.(mjpg|mjpeg)$/.test(path) || /\/mjpeg(\/|$)/.test(path)) return 'mjpeg'
  return 'file'
}

/** The address to fetch: a `whep+` prefix removed, a path resolved against the API's base address. */
export function resolveSource(src: string, base?: string): string {
  const bare = src.trim().replace(/^whep\+/i, '')
  try {
    return new URL(bare, base ?? globalThis.location?.href).toString()
  } catch {
    return bare
  }
}

/** Schemes a player hands to the network or a media element. */
const PLAYABLE = new Set(['http:', 'https:', 'blob:'])

/**
 * The address to play, or why it is refused: only http(s) and blob addresses are played. Anything else
 * (`javascript:`, `data:`, `file:`…) never reaches a media element or a fetch, whatever the page's CSP.
 *
 * @example checkSource('javascript:alert(1)') // { refused: { key: 'badScheme', values: { scheme: 'javascript:' } } }
 */
export function checkSource(src: string, base?: string): { address: string; refused?: undefined } | { refused: PlaybackReason; address?: undefined } {
  const address = resolveSource(src, base)
  let scheme: string | undefined
  try {
    scheme = new URL(address).protocol
  } catch {
    return { refused: { key: 'invalidAddress' } }
  }
  if (!PLAYABLE.has(scheme)) {
    return { refused: { key: 'badScheme', values: { scheme } } }
  }
  return { address }
}
