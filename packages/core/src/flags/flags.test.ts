import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { createHttpClient } from '../api/http-client'
import { createHttpFlagSource } from './create-http-flag-source'
import { createStaticFlagSource } from './create-static-flag-source'
import { parseFeatures } from './parse-features'
import { retryWithBackoff } from './retry-with-backoff'

const quiet = () => ({ warn: vi.fn(), error: vi.fn() })

describe('parseFeatures (the features key is a JSON map)', () => {
  it('reads the JSON text or a parsed map; only true is on', () => {
    expect(parseFeatures('{"mission_planning":true,"beta":false}')).toEqual({ mission_planning: true, beta: false })
    expect(parseFeatures({ mission_planning: true })).toEqual({ mission_planning: true })
  })

  it.each(['{not json', '[true]', '42', 'null', '"text"', '[]'])(
    'a malformed map %j logs a warning and leaves every flag off, never throws',
    (raw) => {
      const logger = quiet()
      expect(parseFeatures(raw, logger)).toEqual({})
      expect(logger.warn).toHaveBeenCalledTimes(1)
    },
  )

  it('turns a non-boolean value off with a warning naming it', () => {
    const logger = quiet()
    expect(parseFeatures('{"mission_planning":"yes","a":true}', logger)).toEqual({ mission_planning: false, a: true })
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('"mission_planning"'))
  })

  it('names every flag that is not a boolean, one warning each', () => {
    const logger = quiet()
    expect(parseFeatures({ a: 1, b: true, c: 'on' }, logger)).toEqual({ a: false, b: true, c: false })
    expect(logger.warn.mock.calls).toEqual([
      ['[@honu/core] feature flags: "a" is not true or false; it is off.'],
      ['[@honu/core] feature flags: "c" is not true or false; it is off.'],
    ])
  })

  it('treats a missing value as no flags without a warning', () => {
    const logger = quiet()
    expect(parseFeatures(undefined, logger)).toEqual({})
    expect(parseFeatures('', logger)).toEqual({})
    expect(logger.warn).not.toHaveBeenCalled()
  })
})

describe('createStaticFlagSource', () => {
  it('answers fixed flags, also from JSON text', async () => {
    await expect(createStaticFlagSource({ mission_planning: true }).load()).resolves.toEqual({ mission_planning: true })
    await expect(createStaticFlagSource('{"x":true}').load()).resolves.toEqual({ x: true })
    await expect(createStaticFlagSource('oops', quiet()).load()).resolves.toEqual({})
  })
})

describe('retryWithBackoff', () => {
  it('retries while asked, doubling the delay, then gives up with the last error', async () => {
    const sleeps: number[] = []
    let calls = 0
    const task = () => Promise.reject(Object.assign(new Error(`fail ${++calls}`), { status: 503 }))
    const result = retryWithBackoff(task, {
      shouldRetry: () => true,
      attempts: 4,
      baseDelayMs: 100,
      random: () => 0.5,
      sleep: async (ms) => void sleeps.push(ms),
    })
    await expect(result).rejects.toThrow('fail 4')
    expect(sleeps).toEqual([100, 200, 400])
  })

  it('does not retry what should not be retried', async () => {
    let calls = 0
    await expect(
      retryWithBackoff(() => Promise.reject(new Error(`x${++calls}`)), { shouldRetry: () => false, sleep: async () => {} }),
    ).rejects.toThrow('x1')
  })
})

describe('createHttpFlagSource over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  const statuses: number[] = []
  let body: unknown = { features: { mission_planning: true } }
  beforeAll(async () => {
    server = await startTestServer((_req, res) => json(res, statuses.shift() ?? 200, body))
  })
  afterAll(() => server.close())
  const source = (logger = quiet()) =>
    createHttpFlagSource({
      http: createHttpClient(),
      url: `${server.url}/api/v1/features`,
      logger,
      retry: { sleep: async () => {}, attempts: 4 },
    })

  it('loads the features map', async () => {
    body = { features: { mission_planning: true } }
    await expect(source().load()).resolves.toEqual({ mission_planning: true })
  })

  it('accepts the features value as JSON text, as Remote Config stores it', async () => {
    body = { features: '{"mission_planning":true}' }
    await expect(source().load()).resolves.toEqual({ mission_planning: true })
  })

  it.each([429, 500, 503, 504])('retries a %d and then succeeds', async (status) => {
    body = { features: { a: true } }
    statuses.push(status, status)
    const before = server.requests.length
    await expect(source().load()).resolves.toEqual({ a: true })
    expect(server.requests.length - before).toBe(3)
  })

  it('does not retry a 404 and keeps every flag off, logging instead of throwing', async () => {
    statuses.push(404)
    const logger = quiet()
    const before = server.requests.length
    await expect(source(logger).load()).resolves.toEqual({})
    expect(server.requests.length - before).toBe(1)
    expect(logger.warn).toHaveBeenCalled()
  })

  it('keeps the last flags when a later load fails', async () => {
    body = { features: { a: true } }
    const s = source()
    await s.load()
    statuses.push(404)
    await expect(s.load()).resolves.toEqual({ a: true })
  })

  it('leaves every flag off for a malformed map', async () => {
    body = { features: '{broken' }
    const logger = quiet()
    await expect(source(logger).load()).resolves.toEqual({})
    expect(logger.warn).toHaveBeenCalled()
  })
})
