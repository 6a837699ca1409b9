/**
 * What a player may prove about its viewer to the API's media routes. Given by the app (the console client's
 * sign-in), so the player itself knows nothing of accounts and stays usable alone.
 */
export interface MediaCredentials {
  /** The signed-in user's ID token, for requests the player makes itself (hls.js, fetch); undefined when signed out. */
  idToken(): Promise<string | undefined>
  /**
   * A short-lived media token for this one stream, for what the browser fetches by itself and cannot add a header
   * to (a `<video src>`). Absent when the source is not a stream the API knows.
   */
  mediaToken?(): Promise<string | undefined>
  /**
   * A media route refused the viewer with 401. `retried` is `false` the first time (refresh the token and resolve
   * `true` to have the player try again at once), `true` when it was refused again after that refresh before
   * anything played (the session is over: end it, resolve `false`). The console's widgets pass the console
   * client's `reportUnauthorized`, so a refused player ends the session exactly as a refused API call does.
   * Without it, the player says 'Sign in again' and retries with backoff.
   */
  unauthorized?(retried: boolean): Promise<boolean>
}

/** Credentials applied to one source: only ever to addresses on the API's own origin. */
export interface MediaAuth {
  /** Headers for a request the player makes to `url`: a bearer token on the API's origin, nothing elsewhere. */
  headers(url: string): Promise<Record<string, string>>
  /** `url` with a media token in its query on the API's origin (when one can be had); any other `url` as it is. */
  tokenUrl(url: string): Promise<string>
}

/** Nothing attached to any request: a player given no API base or credentials. */
export const NO_MEDIA_AUTH: MediaAuth = { headers: async () => ({}), tokenUrl: async (url) => url }

/** The origin of an http(s) address; undefined for anything else (a blob is local: it never needs a token). */
const originOf = (url: string) => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Binds credentials to the API's origin (that of `apiBase`). A source elsewhere (a camera's own server, a CDN)
 * never sees a token, even when its playlist sits on the API and lists segments elsewhere: each request's own
 * address is checked. Without an API base or credentials, nothing is ever attached.
 */
export function createMediaAuth(apiBase: string | undefined, credentials: () => MediaCredentials | undefined): MediaAuth {
  const apiOrigin = apiBase ? originOf(apiBase) : undefined
  if (!apiOrigin) return NO_MEDIA_AUTH
  const ours = (url: string) => originOf(url) === apiOrigin
  return {
    async headers(url): Promise<Record<string, string>> {
      const token = ours(url)
        ? await credentials()
            ?.idToken()
            .catch(() => undefined)
        : undefined
      return token ? { authorization: `Bearer ${token}` } : {}
    },
    async tokenUrl(url) {
      const token = ours(url)
        ? await credentials()
            ?.mediaToken?.()
            .catch(() => undefined)
        : undefined
      if (!token) return url
      // The one credential allowed in a URL: it names one stream and expires in minutes (never the ID token).
      const address = new URL(url)
      address.searchParams.set('media_token', token)
      return address.toString()
    },
  }
}
