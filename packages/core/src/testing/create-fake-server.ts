import type { FetchLike } from '../api/http-client'

/** What the fake server answers to one request: a status with a JSON body, or no answer at all (offline). */
export type FakeAnswer = { status: number; body?: unknown } | 'no answer'

/** A server in memory for tests and stories: its answers can change while the console runs. */
export interface FakeServer {
  /** The `fetch` to hand the console client (`api.fetch`). */
  fetch: FetchLike
  /** Answers by `'METHOD /path'` (the query is not part of the key); change one to change what comes next. */
  answers: Record<string, FakeAnswer>
  /** Every request so far, as `'METHOD /path?query'`. */
  requests: string[]
}

/**
 * A fake of the reference server at the `fetch` boundary, for unit tests and stories. `GET /health` answers 200
 * unless given; anything not listed answers 404, as the real server does for a record that is not there.
 *
 * @example
 * const server = createFakeServer({ 'GET /api/v1/tenants': { status: 200, body: { data: [] } } })
 * const client = createConsoleClient({ api: { baseUrl: 'http://api.test', fetch: server.fetch } })
 */
export function createFakeServer(answers: Record<string, FakeAnswer> = {}): FakeServer {
  const server: FakeServer = {
    answers: { 'GET /health': { status: 200, body: { status: 'ok' } }, ...answers },
    requests: [],
    fetch: async (url, init) => {
      const { pathname, search } = new URL(url)
      const method = init.method ?? 'GET'
      server.requests.push(`${method} ${pathname}${search}`)
      const answer = server.answers[`${method} ${pathname}`] ?? { status: 404, body: { message: 'Not found' } }
      if (answer === 'no answer') throw new TypeError('Failed to fetch')
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      })
    },
  }
  return server
}
