import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, markDocument, PASSWORD, sameDocument } from './helpers'
import { APP, AUTH_HOST } from './stack'

/**
 * A server on another origin that refuses the page (CORS), then allows it: the console says so in place of the
 * sign-in form, with the address it tried and a Retry, and recovers when it is allowed.
 *
 * The refusal is real: a second reference server (this test's own process, on its own port) started with an
 * ALLOWED_ORIGINS that leaves the reference app's origin out, so it answers without CORS headers and Chromium
 * refuses every answer (a fetch TypeError, as a partner on an unlisted origin sees). "Allowing" is that server
 * started again with the app's origin listed. The one thing faked is at the network boundary: the built app's API
 * address is fixed at build time (the stack's API, e2e/stack.ts), so the page's API requests are sent on to the second server's
 * port (Playwright's route.continue with a new URL, invisible to the page); CORS is still checked by the browser
 * on the second server's real answers.
 */

const APP_ORIGIN = APP
const SERVER_ROOT = resolve('examples/reference-server')

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}

/** A reference server of this test's own (PGlite in memory, emulator mode), started until it says it listens. */
async function startServer(port: number, allowedOrigins: string, seed: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@honu/source', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      HONU_AUTH_MODE: 'emulator',
      // The stack's emulator, wherever this run put it.
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_HOST,
      HONU_DATA_DIR: 'memory',
      DATABASE_URL: '',
      HONU_SEED: seed ? '1' : '0',
      HONU_REVOCATION_CHECK_SECONDS: '0',
      ALLOWED_ORIGINS: allowedOrigins,
      // No MAVLink ingest: the stack's own server holds the UDP port, and this server needs none.
      HONU_MAVLINK_PORT: '0',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((started, failed) => {
    const read = (chunk: unknown) => {
      output += String(chunk)
      if (output.includes('listening on')) started()
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', (chunk) => (output += String(chunk)))
    child.on('exit', (code) => failed(new Error(`the second server exited (${code}): ${output}`)))
  })
  return child
}

async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  await exited
}

/** The page's API requests go to `port` instead of the stack's server (see the file's comment for why). */
async function sendApiTo(page: Page, port: number) {
  await page.route(`${API}/**`, (route) => route.continue({ url: route.request().url().replace(API, `http://127.0.0.1:${port}`) }))
}

let server: ChildProcess | undefined
test.afterEach(async () => {
  await stopServer(server)
  server = undefined
})

test('an API on another origin that refuses the page: said in place with the address and a Retry, recovered once allowed', async ({ page }) => {
  test.setTimeout(120_000)
  const port = await freePort()
  server = await startServer(port, 'https://portal.example.com', false)
  // The refusal is CORS's, not a dead port: the server answers, only without the app's origin allowed.
  const direct = await fetch(`http://127.0.0.1:${port}/health`, { headers: { origin: APP_ORIGIN } })
  expect(direct.status).toBe(200)
  expect(direct.headers.get('access-control-allow-origin')).toBeNull()

  await sendApiTo(page, port)
  // Chromium says why it refused each answer in the console.
  const refusals: string[] = []
  page.on('console', (message) => /blocked by CORS policy/.test(message.text()) && refusals.push(message.text()))
  // A signed-out deep link: instead of a sign-in form that could not work, the console says what is wrong.
  await page.goto('/streams')
  await expect(page.getByRole('heading', { level: 1, name: 'Ping to API failed.' })).toBeVisible()
  const panel = page.locator('[data-honu-unreachable]')
  await expect(panel.getByRole('alert')).toContainText(`${API}/health`)
  await expect(page.getByLabel('E-mail')).toHaveCount(0)
  // Said once, not again by the console-wide banner.
  await expect(page.getByRole('button', { name: 'Retry now' })).toHaveCount(0)
  expect(refusals.join('\n')).toContain("No 'Access-Control-Allow-Origin' header")
  await expectNoAxeViolations(page)
  await markDocument(page)

  // The operator allows the app's origin: the same server started again with it listed (and seeded, so signing in
  // works through it).
  await stopServer(server)
  server = await startServer(port, `${APP_ORIGIN},https://portal.example.com`, true)
  await page.getByRole('button', { name: 'Retry', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await expect(panel).toHaveCount(0)

  // And it works all the way: signing in reaches the deep link, through the allowed server, without a reload.
  await page.getByLabel('E-mail').fill('wes@honu.test')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/(streams|tenant)$/)
  expect(await sameDocument(page)).toBe(true)
})
