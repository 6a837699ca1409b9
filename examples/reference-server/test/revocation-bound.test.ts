import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_CLOSE } from '@honu/core/live'
import { DEFAULT_REVOCATION_CHECK_AGE_MS } from '../src/auth/identity'
import { createPgliteDatabase } from '../src/db/create-pglite-database'
import { createPostgresDatabase } from '../src/db/create-postgres-database'
import type { RunningServer } from '../src/start-server'
import { PROJECT_ID, signIn } from './auth-emulator'
import { openAuthenticatedLive, subscribe } from './live-socket'
import { raw, startTestServer } from './test-server'

// Issue 22, point 5: a revoked, disabled or deleted account kept full API and live access for about 59 s (29
// successful calls measured). With the default configuration the bound is now DEFAULT_REVOCATION_CHECK_AGE_MS,
// measured here on the wall clock, against the real emulator, with the caller calling as fast as a busy console.
let server: RunningServer
const admin = initializeApp({ projectId: PROJECT_ID }, `revocation-bound-${randomUUID()}`)
const adminAuth = getAuth(admin)
beforeAll(async () => {
  // The default configuration: no HONU_REVOCATION_CHECK_SECONDS.
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
  await deleteApp(admin)
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A fresh reader of Alpha, signed in; the second of the sign-in has passed (Firebase compares whole seconds). */
async function freshReader() {
  const email = `bound-${randomUUID()}@honu.test`
  const { uid } = await adminAuth.createUser({ email, password: 'bound-pass-1' })
  await server.db.query(`insert into users (uid, name, email, permissions) values ($1, 'Bound', $2, '{"alpha":["reader"]}'::jsonb)`, [uid, email])
  const token = await signIn(email, 'bound-pass-1')
  const second = Math.floor(Date.now() / 1000)
  while (Math.floor(Date.now() / 1000) === second) await sleep(20)
  return { uid, token }
}

const read = (token: string) => raw(server, 'GET', '/api/v1/videos?tenant_id=alpha', { token })

/** Calls every 100 ms after `end` until refused (or 10 s): how long it took, and how many calls still passed. */
async function callUntilRefused(token: string, end: () => Promise<unknown>) {
  // The account's check is fresh and cached, as for any user calling all the time.
  expect((await read(token)).status).toBe(200)
  await end()
  const started = Date.now()
  let passed = 0
  while (Date.now() - started < 10_000) {
    const { status } = await read(token)
    if (status !== 200) return { status, ms: Date.now() - started, passed }
    passed++
    await sleep(100)
  }
  return { status: 200, ms: Date.now() - started, passed }
}

const BOUND_MS = DEFAULT_REVOCATION_CHECK_AGE_MS + 1000 // the bound, plus the slack of one emulator round trip

describe('revocation bound (default configuration)', () => {
  it('is 5 s by default', () => {
    expect(DEFAULT_REVOCATION_CHECK_AGE_MS).toBe(5000)
  })

  it.each([
    ['revoked', (uid: string) => adminAuth.revokeRefreshTokens(uid)],
    ['disabled', (uid: string) => adminAuth.updateUser(uid, { disabled: true })],
    ['deleted', (uid: string) => adminAuth.deleteUser(uid)],
  ] as const)('a %s account is refused by the API within the bound', async (what, end) => {
    const { uid, token } = await freshReader()
    const result = await callUntilRefused(token, () => end(uid))
    console.log(`revocation bound: ${what} account refused (${result.status}) after ${result.ms} ms, ${result.passed} calls passed meanwhile`)
    expect(result.status).toBe(401)
    expect(result.ms).toBeLessThanOrEqual(BOUND_MS)
  })

  it('a disabled account’s open socket is closed with 4403 within the bound plus one look', async () => {
    const { uid, token } = await freshReader()
    const socket = await openAuthenticatedLive(server.url, token)
    await subscribe(socket, 'tenants/alpha/vehicles')
    await adminAuth.updateUser(uid, { disabled: true })
    const started = Date.now()
    const { code } = await socket.closed
    const ms = Date.now() - started
    console.log(`revocation bound: disabled account's socket closed (${code}) after ${ms} ms`)
    expect(code).toBe(LIVE_CLOSE.revoked)
    expect(ms).toBeLessThanOrEqual(BOUND_MS + 1000)
  })

  it('a role taken away in the database is refused at once, on the API and on an open socket', async () => {
    const { uid, token } = await freshReader()
    const socket = await openAuthenticatedLive(server.url, token)
    await subscribe(socket, 'tenants/alpha/vehicles')
    expect((await read(token)).status).toBe(200)
    await server.db.query(`update users set permissions = '{}'::jsonb where uid = $1`, [uid])
    expect((await read(token)).status).toBe(404)
    const started = Date.now()
    expect(await socket.next((m) => m.type === 'refused')).toMatchObject({ topic: 'tenants/alpha/vehicles', code: 'forbidden' })
    expect(Date.now() - started).toBeLessThanOrEqual(1500)
    socket.close()
  })
})

describe('role changes in our own database take effect at once', () => {
  // One test on each pass of the server suite (registered, not skipped, on the other): PGlite lives inside one
  // process, where a write empties that process's read cache; on PostgreSQL several server processes share the
  // database, and a write reaches the others through NOTIFY.
  if (!process.env.DATABASE_URL) {
    it('on PGlite: a write empties the read cache of its process at once', async () => {
      const db = await createPgliteDatabase()
      try {
        await db.exec(`create table users (uid text primary key, permissions jsonb not null)`)
        await db.query(`insert into users values ('remy', '{"alpha":["reader"]}')`)
        const read = async () =>
          (await db.query<{ permissions: unknown }>('select permissions from users where uid = $1', ['remy'], { cached: true }))[0]?.permissions
        expect(await read()).toEqual({ alpha: ['reader'] })
        await db.transaction((tx) => tx.query(`update users set permissions = '{}'::jsonb where uid = 'remy'`))
        // No wait at all: the very next read sees it.
        expect(await read()).toEqual({})
      } finally {
        await db.close()
      }
    })
  } else {
    it('on PostgreSQL: a write through one process empties the read cache of another at once', async () => {
      const adminUrl = process.env.DATABASE_URL!
      const name = `honu_test_${randomUUID().replace(/-/g, '')}`
      const adminDb = await createPostgresDatabase(adminUrl)
      await adminDb.exec(`create database ${name}`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      // Two server processes' databases: each its own pool, read cache and LISTEN connection. Their caches keep an
      // answer a minute here, so only the notification can make the change seen within the test.
      const one = await createPostgresDatabase(url.toString(), { readCacheMs: 60_000 })
      const two = await createPostgresDatabase(url.toString(), { readCacheMs: 60_000 })
      try {
        await one.exec(`create table users (uid text primary key, permissions jsonb not null)`)
        await one.query(`insert into users values ('remy', '{"alpha":["reader"]}')`)
        const read = async () =>
          (await two.query<{ permissions: unknown }>('select permissions from users where uid = $1', ['remy'], { cached: true }))[0]?.permissions
        expect(await read()).toEqual({ alpha: ['reader'] })
        await one.transaction((tx) => tx.query(`update users set permissions = '{}'::jsonb where uid = 'remy'`))
        const committed = Date.now()
        while (JSON.stringify(await read()) !== '{}' && Date.now() - committed < 2000) await sleep(5)
        const ms = Date.now() - committed
        console.log(`read cache: another process saw the role change after ${ms} ms`)
        // Seen well inside the minute-long cache: only the notification can have emptied it (milliseconds, logged above).
        expect(await read()).toEqual({})
      } finally {
        await one.close()
        await two.close()
        await adminDb.exec(`drop database if exists ${name} with (force)`)
        await adminDb.close()
      }
    })
  }
})
