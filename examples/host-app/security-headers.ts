import { readHostConfig } from './src/host-config.ts'

/** What the app's pages may be framed by when `HONU_FRAME_ANCESTORS` is not set: nothing. */
export const DEFAULT_FRAME_ANCESTORS = "'none'"

// A CSP source expression a partner may name: 'self', a scheme (https:), or a host with optional scheme, wildcard
// label and port (https://portal.example.com, https://*.example.com:8443). Nothing that could end the directive.
const FRAME_SOURCE = /^(?:'self'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/i

/**
 * Reads `HONU_FRAME_ANCESTORS`: `'none'` (the default), or space-separated sources allowed to frame the console
 * (a partner portal). Refuses anything else with a message, so a typo cannot silently open or break framing.
 *
 * @throws {Error} naming the value and the expected form.
 */
export function readFrameAncestors(value: string | undefined): string {
  const text = value?.trim() ? value.trim() : DEFAULT_FRAME_ANCESTORS
  const sources = text.split(/\s+/)
  // A bare none or self is a host name to CSP: almost surely the keyword with its quotes forgotten.
  const valid = text === DEFAULT_FRAME_ANCESTORS || sources.every((source) => FRAME_SOURCE.test(source) && !/^(none|self)$/i.test(source))
  if (!valid) {
    throw new Error(
      `HONU_FRAME_ANCESTORS=${JSON.stringify(value)} is not a frame-ancestors source list: use 'none' (the default), ` +
        `'self' (with the quotes), or space-separated origins such as "https://portal.example.com https://*.partner.example".`,
    )
  }
  return sources.join(' ')
}

/**
 * The response headers of the built app: a strict Content-Security-Policy (no unsafe-inline, no unsafe-eval) whose
 * API and Auth addresses come from the same environment the app is configured by (`VITE_HONU_API`, the Firebase
 * settings), so an app pointed at another API is not blocked by its own policy (its live channel's ws:/wss: origin
 * included); who may frame it
 * (`HONU_FRAME_ANCESTORS`, with a matching X-Frame-Options where one can express it); no MIME sniffing; and
 * no full address in the Referer sent elsewhere.
 */
export function securityHeaders(env: Record<string, string | undefined>): Record<string, string> {
  const config = readHostConfig(env)
  const api = new URL(config.apiBase).origin
  // The live channel (WebSocket at /api/v1/live): an http(s) source does not cover ws(s): in CSP, so it is named.
  const live = api.replace(/^http/, 'ws')
  // Firebase Auth: the emulator when the app uses one, Google's token endpoints otherwise.
  const auth = config.authEmulator
    ? [new URL(config.authEmulator).origin]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
  const frameAncestors = readFrameAncestors(env.HONU_FRAME_ANCESTORS)
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: https://www.gravatar.com ${api}`,
    `connect-src 'self' ${api} ${live} ${auth.join(' ')}`,
    // Video: hls.js plays through MediaSource (blob:); files and MJPEG come from the API host; hls.js's worker is
    // served as a file of the app (never a blob: worker).
    `media-src 'self' blob: ${api}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')
  const headers: Record<string, string> = {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  }
  // X-Frame-Options for browsers without frame-ancestors; it cannot name a partner's origin, so it is left out then.
  if (frameAncestors === DEFAULT_FRAME_ANCESTORS) headers['X-Frame-Options'] = 'DENY'
  else if (frameAncestors === "'self'") headers['X-Frame-Options'] = 'SAMEORIGIN'
  return headers
}
