import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { inject } from 'vitest'
import { createHttpClient, createV1Client, createV2Client } from '@honu/core'
import { readConfig, type ServerConfig } from '../src/config'
import { DEMO_PASSWORD } from '../src/seed'
import { startServer, type RunningServer } from '../src/start-server'
import { EMULATOR_HOST, signIn } from './auth-emulator'

/**
 * A seeded server on a free port against the Auth emulator. With `DATABASE_URL` set, each server gets a fresh
 * PostgreSQL database of its own (dropped on close); otherwise PGlite in memory (or in `dataDir`).
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const adminUrl = process.env.DATABASE_URL
  let databaseUrl: string | undefined
  let dropDatabase: (() => Promise<void>) | undefined
  if (adminUrl && !overrides.dataDir) {
    const name = `honu_test_${randomUUID().replace(/-/g, '')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
  const config: ServerConfig = {
    ...readConfig({}),
    port: 0,
    dataDir: 'memory',
    authMode: 'emulator',
    emulatorHost: EMULATOR_HOST,
    projectId: 'demo-honu',
    databaseUrl,
    // No MAVLink port unless a test asks (0 = a free one): parallel test servers would all want 14550.
    mavlinkPort: undefined,
    ...overrides,
  }
  const inMemory = !config.databaseUrl && config.dataDir === 'memory'
  const server = await startServer(config, { pgliteTemplate: inMemory ? await pgliteTemplate() : undefined })
  return {
    ...server,
    async close() {
      await server.close()
      await dropDatabase?.()
    },
  }
}

let template: Promise<Blob | undefined> | undefined
/** The empty cluster the run's global setup dumped (test/pglite-template-setup.ts), read once per file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate')
    return file ? new Blob([await readFile(file)]) : undefined
  })()
  return template
}

/** The console's own clients (from @honu/core), signed in as a demo user. */
export async function clientsAs(server: Pick<RunningServer, 'url' | 'v2Services'>, email: string, password = DEMO_PASSWORD) {
  const token = await signIn(email, password)
  const http = createHttpClient({ getToken: async () => token })
  return {
    token,
    http,
    v1: createV1Client({ http, baseUrl: server.url }),
    v2: createV2Client({ http, baseUrl: `${server.url}/api/v2`, services: server.v2Services }),
  }
}

/** Raw HTTP for what the typed clients cannot send (malformed bodies, missing tokens). */
export async function raw(
  server: Pick<RunningServer, 'url'>,
  method: string,
  path: string,
  options: { token?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body,
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // Keep the text.
  }
  return { status: response.status, body: body as { message?: string; code?: string; data?: unknown } }
}
