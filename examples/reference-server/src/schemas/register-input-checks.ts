import type { FastifyInstance } from 'fastify'
import { ApiError } from '../api-error'
import { RESERVED_NAMES } from './schema-keywords'
import { textProblem } from './text-rules'

/**
 * How deep any JSON body may nest. Far above what any route takes (a v2 record allows 8), low enough that
 * nothing after the parser (schema validation, the database's JSON parser) meets a tree deep enough to fail.
 */
export const MAX_BODY_DEPTH = 32

const invalid = (message: string) => new ApiError(400, 'invalid-request', message)
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The first problem of a parsed JSON body, as the end of "Invalid request: …", or undefined. Walked with a
 * stack of its own, so a body 5,000 levels deep is refused rather than overflowing the call stack:
 * - no string or field name with a NUL or a lone surrogate (JSON's `"\ud800"` escape makes one);
 * - no `__proto__`, `constructor` or `prototype` field;
 * - no number that is not finite (`1e400` parses as Infinity and would be stored as null) or an integer beyond
 *   ±2^53−1 (it has already lost digits);
 * - at most {@link MAX_BODY_DEPTH} levels.
 */
export function jsonBodyProblem(body: unknown): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: 'body', depth: 1 }]
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!
    if (typeof value === 'string') {
      const problem = textProblem(value, 'any')
      if (problem) return `${path} ${problem}`
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${path} must be a finite number`
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        return `${path} must be between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER} (larger numbers lose digits)`
      }
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_BODY_DEPTH) return `${path} must not nest deeper than ${MAX_BODY_DEPTH} levels`
      for (const [key, item] of Object.entries(value)) {
        const problem = textProblem(key, 'any')
        if (problem) return `a field name in ${path} ${problem}`
        if (RESERVED_NAMES.has(key) && !Array.isArray(value)) return `${path}.${key} is not allowed`
        stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 })
      }
    }
  }
  return undefined
}

/** The first query or path parameter with a NUL or a lone surrogate, or a query not validly encoded. */
function parameterProblem(url: string, query: unknown, params: unknown): string | undefined {
  const rawQuery = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
  for (const part of rawQuery.split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '))
    } catch {
      // The query parser keeps such a part as it came ("%ED%A0%80"); refuse it rather than store it literally.
      return 'querystring must be percent-encoded UTF-8'
    }
  }
  for (const [where, fields] of [
    ['querystring', query],
    ['params', params],
  ] as const) {
    for (const [key, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
      const keyProblem = textProblem(key, 'any')
      if (keyProblem) return `a field name in ${where} ${keyProblem}`
      for (const item of [value].flat()) {
        const problem = typeof item === 'string' ? textProblem(item, 'any') : undefined
        if (problem) return `${where}.${key} ${problem}`
      }
    }
  }
  return undefined
}

/**
 * The input checks every route gets before its own schema: the JSON body parser (strict UTF-8, then
 * {@link jsonBodyProblem}) and a check of the query and path parameters for NUL and lone surrogates, so even a
 * route whose schema forgot a field cannot pass one to the database. Runs after the access gate (a caller
 * without a token gets 401, not a lesson in what is valid) and before schema validation.
 */
export function registerInputChecks(app: FastifyInstance) {
  // The console sends a JSON content type on every call (spec §7), DELETEs included: an empty body is no body.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => {
    const bytes = raw as Buffer
    if (bytes.length === 0) return done(null, undefined)
    let text: string
    try {
      text = utf8.decode(bytes)
    } catch {
      // Decoding leniently would store U+FFFD in place of the bad bytes: say so instead.
      return done(invalid('The request body is not valid UTF-8.'), undefined)
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return done(
        Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
        undefined,
      )
    }
    const problem = jsonBodyProblem(body)
    if (problem) return done(invalid(`Invalid request: ${problem}.`), undefined)
    done(null, body)
  })

  app.addHook('preValidation', async (request) => {
    // An unmatched path is the not-found handler's to answer, whatever it contains.
    if (request.is404) return
    // The gate checks no token on a WebSocket route (its first frame authenticates), so here the rule above is kept
    // by hand: a plain request without one gets the route's 401, not a lesson in what is valid.
    if (request.routeOptions.config.access === 'live' && request.headers.authorization === undefined) return
    const problem = parameterProblem(request.url, request.query, request.params)
    if (problem) throw invalid(`Invalid request: ${problem}.`)
  })
}
