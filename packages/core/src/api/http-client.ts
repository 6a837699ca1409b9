import { HttpError } from '../errors/http-error'
import { SLOW_AFTER_MS } from '../constants/timing'

/** Query parameters; `undefined` values are left out. */
export type Query = Readonly<Record<string, string | number | boolean | undefined | null>>

/** Options of one request. */
export interface RequestOptions {
  /** JSON-serialisable body. */
  body?: unknown
  query?: Query
  /** Aborts the request; the promise then rejects with an `HttpError` of code `http/aborted`. */
  signal?: AbortSignal
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number
  /**
   * `'blob'`: a 2xx answer resolves with its body as a `Blob` and its headers ({@link BlobAnswer}) instead of parsed
   * JSON, for downloads that must carry the bearer token (never put in an address). Error answers are read as usual.
   */
  responseType?: 'json' | 'blob'
}

/** What a request with `responseType: 'blob'` resolves with. */
export interface BlobAnswer {
  blob: Blob
  headers: Headers
}

/** A fetch-compatible function. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  /** Returns the bearer token for each call (refreshed by the auth adapter), or `undefined` when signed out. */
  getToken?: () => Promise<string | undefined>
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchLike
  /** Time after which a call is aborted with `http/timeout`. Default 30 s. */
  timeoutMs?: number
  /**
   * Hears whether each call reached the server: `false` for a network failure, a timeout or a 502–504 (a proxy
   * whose server is gone), `true` for any other answer. Aborted calls report nothing. Feeds the connection state.
   */
  onReachability?: (reachable: boolean) => void
  /**
   * Called once for a call that has waited `slowAfterMs` without an answer (its headers), while it still waits:
   * the server hangs or is overloaded. Feeds the connection state, so the console says so before the timeout.
   */
  onSlow?: () => void
  /** How long a call waits before {@link HttpClientOptions.onSlow}. Default 4 s (`SLOW_AFTER_MS`). */
  slowAfterMs?: number
  /**
   * Called when a call that carried a token is answered 401: `retried` is `false` the first time (refresh the
   * token and resolve `true` to send the call once more), `true` when the call sent again is refused too (the
   * session is over). The caller still gets the 401 as an `HttpError` when no retry follows.
   */
  onUnauthorized?: (retried: boolean) => Promise<boolean>
}

/** Sends JSON requests to absolute addresses, the way spec §7 describes. */
export interface HttpClient {
  /**
   * Sends a request and resolves with the parsed body of a 2xx answer.
   *
   * @throws {HttpError} for a non-2xx answer (`status` and the server's error `body`), a network failure
   *   (`http/network`), a timeout (`http/timeout`) or an abort (`http/aborted`).
   */
  request<T = unknown>(method: string, url: string, options?: RequestOptions): Promise<T>
}

/** Default request timeout. */
export const DEFAULT_TIMEOUT_MS = 30_000

/** Adds query parameters to an address. */
export function withQuery(url: string, query: Query | undefined): string {
  if (!query) return url
  const params = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  if (params.length === 0) return url
  return `${url}${url.includes('?') ? '&' : '?'}${params.join('&')}`
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (text === '') return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      // A proxy or server error page sent with a JSON type: keep the text.
      return text
    }
  }
  return text
}

function statusMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>
    for (const key of ['message', 'error', 'detail']) {
      if (typeof record[key] === 'string' && record[key]) return record[key]
    }
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) return body.trim()
  return `Request failed with status ${status}`
}

/**
 * The HTTP layer of every API client: CORS mode, JSON content type, a bearer token fetched before each call,
 * timeouts and abort (spec §7).
 *
 * @example
 * const http = createHttpClient({ getToken: () => auth.getIdToken() })
 * const tenants = await http.request('GET', 'https://api.example.com/api/v1/tenants')
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS

  const report = (reachable: boolean) => options.onReachability?.(reachable)

  const send = async <T>(method: string, url: string, request: RequestOptions, retried: boolean): Promise<T> => {
    const token = options.getToken ? await options.getToken() : undefined
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: request.responseType === 'blob' ? '*/*' : 'application/json',
    }
    if (token) headers.Authorization = `Bearer ${token}`

    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, request.timeoutMs ?? timeoutMs)
    // Said while the call still waits, not when it times out (the answer's headers end the wait; a long download
    // that has started is not slow).
    // A call given a longer timeout of its own (an export) is expected to take long: never said to be slow.
    const expectedLong = request.timeoutMs !== undefined && request.timeoutMs > timeoutMs
    const slowTimer = options.onSlow && !expectedLong ? setTimeout(() => options.onSlow?.(), options.slowAfterMs ?? SLOW_AFTER_MS) : undefined
    const onAbort = () => controller.abort()
    if (request.signal?.aborted) controller.abort()
    request.signal?.addEventListener('abort', onAbort, { once: true })

    const target = withQuery(url, request.query)
    // Never put the address (which might carry secrets in a host's query) or the token in messages.
    const what = `${method} ${target.split('?')[0]}`
    try {
      const doFetch = options.fetch ?? (globalThis.fetch as FetchLike)
      let response: Response
      try {
        response = await doFetch(target, {
          method,
          mode: 'cors',
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: controller.signal,
        })
      } catch (cause) {
        clearTimeout(slowTimer)
        if (timedOut) {
          report(false)
          throw new HttpError({ code: 'http/timeout', message: `${what} timed out.`, status: 0, cause })
        }
        if (controller.signal.aborted) {
          throw new HttpError({ code: 'http/aborted', message: `${what} was aborted.`, status: 0, cause })
        }
        report(false)
        throw new HttpError({
          code: 'http/network',
          message: `Could not reach the server (${what}).`,
          status: 0,
          cause,
        })
      }
      clearTimeout(slowTimer)
      // 502–504 come from a proxy (or gateway) in front of a server that is down or restarting.
      report(response.status < 502 || response.status > 504)
      let body: unknown
      try {
        if (response.ok && request.responseType === 'blob')
          return { blob: await response.blob(), headers: response.headers } satisfies BlobAnswer as T
        body = await readBody(response)
      } catch (cause) {
        const code = timedOut ? 'http/timeout' : controller.signal.aborted ? 'http/aborted' : 'http/network'
        throw new HttpError({ code, message: `${what} failed while reading the answer.`, status: response.status, cause })
      }
      // A refused token: refreshed once and the call sent again; refused again, the session is over.
      if (response.status === 401 && token && options.onUnauthorized && (await options.onUnauthorized(retried)) && !retried) {
        return await send<T>(method, url, request, true)
      }
      if (!response.ok) {
        throw new HttpError({
          code: response.status === 401 ? 'http/unauthorized' : response.status === 403 ? 'http/forbidden' : 'http/status',
          message: statusMessage(response.status, body),
          status: response.status,
          body,
        })
      }
      return body as T
    } finally {
      clearTimeout(timer)
      clearTimeout(slowTimer)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }

  return { request: <T>(method: string, url: string, request: RequestOptions = {}) => send<T>(method, url, request, false) }
}
