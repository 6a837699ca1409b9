import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { expect, test } from '@playwright/test'
import { signIn } from './helpers'
import { APP, APP_BUILD_ENV } from './stack'

// The console as a developer runs it: React's development build, whose <StrictMode> mounts every component,
// unmounts it and mounts it again at once. A destroyed playback used to release the <video> the next one had just
// attached after its late import('hls.js'), and the player stayed on "Connecting…" (8 of 8 loads on React 19).
// The app is built here in development mode; the stack's server still serves the pages (so their strict CSP and
// their loopback address apply, as Chromium's local-network checks require), and the page's entry script and
// everything it imports come from the development build, against the reference server's live HLS.

const LOADS = 10
let dist: string

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' }

/**
 * The page's entry: its last module script. The bundler may put its runtime in a script of its own before it
 * (Rolldown's `rolldown-runtime-*.js` once enough chunks share it), which the development build has too.
 */
const entryOf = (html: string) => [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g)].at(-1)?.[1]

test.beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'honu-dev-build-'))
  // NODE_ENV picks React's development bundle; --mode alone would still build React for production.
  execFileSync(
    'pnpm',
    ['--filter', '@honu/host-app', 'exec', 'vite', 'build', '--mode', 'development', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
    {
      // The stack's addresses are built in: this build must reach the stack the tests run (e2e/stack.ts).
      env: { ...process.env, ...APP_BUILD_ENV, NODE_ENV: 'development' },
      stdio: 'inherit',
    },
  )
})
test.afterAll(() => rmSync(dist, { recursive: true, force: true }))

test('under StrictMode in a development build, 10 of 10 page loads reach playing', async ({ page }) => {
  test.setTimeout(240_000)
  // The production page's entry script is swapped for the development one, which imports only its own chunks.
  const served = await page.request.get(`${APP}/`)
  const productionEntry = entryOf(await served.text())
  const developmentEntry = entryOf(readFileSync(join(dist, 'index.html'), 'utf8'))
  expect(productionEntry).toBeTruthy()
  expect(developmentEntry).toBeTruthy()
  // Signed in and on the streams screen with the production build first: the sign-in form is not what this test is
  // about (it flaked here under the slower development build), and the session outlives the reloads below.
  await signIn(page, 'ada@honu.test')
  await page.getByRole('button', { name: /Alpha Harbour/ }).click({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/streams$/)
  const tile = page.getByRole('group', { name: 'Bow camera' }).locator('.honu-video')
  await page.getByRole('button', { name: /^Bow camera/ }).click()
  await expect(tile).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })

  await page.route(`${APP}/assets/**`, (route) => {
    const path = new URL(route.request().url()).pathname
    const file = join(dist, path === productionEntry ? developmentEntry! : path)
    // The production build's own preloads and styles (not in the development build) come from the server.
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) return route.continue()
    return route.fulfill({ status: 200, contentType: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) })
  })
  const messages: string[] = []
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`))

  let playing = 0
  for (let load = 1; load <= LOADS; load++) {
    await page.reload()
    await expect(tile, `load ${load}`).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
    playing++
  }
  expect(playing).toBe(LOADS)
  // What this test is about: React's development build ran (it alone says this), and nothing broke the CSP.
  expect(messages.some((text) => text.includes('React DevTools'))).toBe(true)
  expect(messages.filter((text) => /Content Security Policy/i.test(text))).toEqual([])
})
