import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isLoopbackHost, readConfig } from '../src/config'
import { startServer } from '../src/start-server'
import { EMULATOR_HOST } from './auth-emulator'

const serverRoot = fileURLToPath(new URL('..', import.meta.url))

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  )

/** Runs `src/main.ts` as `pnpm serve` does, until it prints its start-up line or exits. */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@honu/source', 'src/main.ts'], {
    cwd: serverRoot,
    // PGlite in memory whatever this test run uses (the PostgreSQL pass sets DATABASE_URL for its own servers).
    env: {
      ...process.env,
      DATABASE_URL: '',
      HONU_DATA_DIR: 'memory',
      HONU_SEED: '0',
      HONU_MAVLINK_PORT: '0',
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += String(chunk)))
  child.stderr.on('data', (chunk) => (stderr += String(chunk)))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const started = new Promise<void>((resolve) => child.stdout.on('data', () => stdout.includes('listening on') && resolve()))
  return { child, exited, started, output: () => ({ stdout, stderr }) }
}

describe('emulator mode', () => {
  it.each(['localhost', '127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })

  it.each(['0.0.0.0', '::', '10.0.0.5', '128.0.0.1', '::2', 'localhost.', 'example.com', ' 127.0.0.1', '[::1]', ''])('%j is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })

  it.each(['0.0.0.0', '::', '192.0.2.10'])('refuses to start on %s before opening anything', async (host) => {
    const port = await freePort()
    const config = { ...readConfig({}), host, port, authMode: 'emulator' as const, emulatorHost: EMULATOR_HOST, dataDir: 'memory', seed: false }
    await expect(startServer(config)).rejects.toThrow(`loopback address (127.0.0.1, ::1 or localhost), not on ${host}`)
    expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false)
  })

  it('as a process on 0.0.0.0: exits non-zero with the reason, and never listens', async () => {
    const port = await freePort()
    const run = runMain({ HONU_AUTH_MODE: 'emulator', HOST: '0.0.0.0', PORT: String(port) })
    expect(await run.exited).toBe(1)
    expect(run.output().stderr).toContain('reference server failed to start: emulator mode (HONU_AUTH_MODE=emulator)')
    expect(run.output().stderr).toContain('not on 0.0.0.0')
    expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false)
  })

  // A bound for a hang, not a speed check: the process compiles the server through tsx first, which took past the
  // suite's 30 s in CI run 35 on a loaded 2-core machine (package build, fixture installs and three test files at once).
  it('as a process on 127.0.0.1: starts, prints the address it bound, and stops on SIGTERM', { timeout: 90_000 }, async () => {
    const port = await freePort()
    const run = runMain({ HONU_AUTH_MODE: 'emulator', HOST: '127.0.0.1', PORT: String(port) })
    await Promise.race([run.started, run.exited.then((code) => Promise.reject(new Error(`exited ${code}: ${run.output().stderr}`)))])
    expect(run.output().stdout).toContain(`reference server listening on http://127.0.0.1:${port} (PGlite in memory, auth: emulator)`)
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  })
})

describe('the start-up address', () => {
  it('is the one really bound: an all-interfaces bind says 0.0.0.0, not 127.0.0.1', async () => {
    const server = await startServer({ ...readConfig({}), host: '0.0.0.0', port: 0, authMode: 'firebase', dataDir: 'memory', seed: false })
    try {
      expect(server.listening).toEqual([expect.stringMatching(/^http:\/\/0\.0\.0\.0:\d+$/)])
    } finally {
      await server.close()
    }
  })
})
