/**
 * Unwraps a v2 answer: `data.data`, else `data`, else the plain string the server sent (spec §7). Here `data` is
 * the parsed body, so this returns `body.data` when the body is an object holding one, else the body itself.
 */
export function unwrapV2<T = unknown>(body: unknown): T {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    return (body as { data: T }).data
  }
  return body as T
}
