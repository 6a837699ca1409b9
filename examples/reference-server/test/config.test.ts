import { describe, expect, it } from 'vitest'
import { readConfig, STORYBOOK_ORIGINS } from '../src/config'

describe('ALLOWED_ORIGINS', () => {
  it("defaults to the reference app's origins", () => {
    expect(readConfig({}).allowedOrigins).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173'])
  })

  it('takes a comma-separated list (a partner portal on another origin), spaces trimmed', () => {
    const config = readConfig({ ALLOWED_ORIGINS: 'https://portal.example.com, http://localhost:3000' })
    expect(config.allowedOrigins).toEqual(['https://portal.example.com', 'http://localhost:3000'])
  })

  it("adds Storybook's origins in development (emulator mode), once", () => {
    expect(readConfig({ HONU_AUTH_MODE: 'emulator' }).allowedOrigins).toEqual([
      'http://127.0.0.1:5173',
      'http://localhost:5173',
      ...STORYBOOK_ORIGINS,
    ])
    const listed = readConfig({ HONU_AUTH_MODE: 'emulator', ALLOWED_ORIGINS: 'http://localhost:6006' }).allowedOrigins
    expect(listed).toEqual(['http://localhost:6006', 'http://127.0.0.1:6006'])
  })

  it("never adds Storybook's origins in production mode or with real Firebase tokens", () => {
    expect(readConfig({ HONU_AUTH_MODE: 'emulator', NODE_ENV: 'production' }).allowedOrigins).not.toContain('http://localhost:6006')
    expect(readConfig({ FIREBASE_PROJECT_ID: 'p' }).allowedOrigins).not.toContain('http://localhost:6006')
  })
})

describe('CORS answers of a development server', () => {
  it("allow Storybook's origins and the reference app's, and no other", async () => {
    const { startTestServer } = await import('./test-server')
    const server = await startTestServer({ allowedOrigins: readConfig({ HONU_AUTH_MODE: 'emulator' }).allowedOrigins, seed: false })
    try {
      const allowedFor = async (origin: string) =>
        (await fetch(`${server.url}/health`, { headers: { origin } })).headers.get('access-control-allow-origin')
      for (const origin of [...STORYBOOK_ORIGINS, 'http://127.0.0.1:5173']) expect(await allowedFor(origin)).toBe(origin)
      // A partner's portal not listed: the answer carries no CORS header, so its browser refuses it.
      expect(await allowedFor('https://portal.example.com')).toBeNull()
      // A preflight from Storybook (the player's calls carry Authorization) is answered too.
      const preflight = await fetch(`${server.url}/api/v1/videos`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:6006', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization')
    } finally {
      await server.close()
    }
  })
})
