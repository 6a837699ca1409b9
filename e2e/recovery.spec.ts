import { readdirSync, readFileSync, renameSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import {
  API,
  createThrowawayReader,
  expectNoAxeViolations,
  IDP,
  markDocument,
  openAlphaStreams as openStreams,
  sameDocument,
  serverReachable as reachable,
  signIn,
} from './helpers'
import { APP_DIST } from './stack'

const ADMIN = { 'content-type': 'application/json', authorization: 'Bearer owner' }
const json = { 'content-type': 'application/json' }

const ASSETS = resolve(APP_DIST, 'assets')
// A screen's file moved away by the redeploy test is put back even if that test was cut short (a timeout skips its
// finally), so later tests find the app whole.
test.afterEach(() => {
  for (const name of readdirSync(ASSETS).filter((n) => n.endsWith('.gone')))
    renameSync(join(ASSETS, name), join(ASSETS, name.slice(0, -'.gone'.length)))
})

test('with the server stopped and restarted, the console says so once and comes back by itself, a never-loaded screen included', async ({ page }) => {
  test.setTimeout(90_000)
  // The work areas' screen code, fetched only on the first visit to one of them.
  const workAreaCode: string[] = []
  page.on('request', (request) => /\/assets\/work-area-screen-[^/]+\.js$/.test(request.url()) && workAreaCode.push(request.url()))
  await openStreams(page, 'wes@honu.test')
  // A mark a reload would wipe.
  await markDocument(page)

  // The real server process exits (test control); the start command's supervisor restarts it 2 s later.
  expect((await fetch(`${API}/test/exit`, { method: 'POST' })).status).toBe(202)
  await expect.poll(reachable, { timeout: 5_000, intervals: [100] }).toBe(false)

  // A screen never visited, opened while the API is down: its code loads (from the app's server) and it shows.
  // (Collaboration: still the shared work-area screen; the admin console has its own since issue 15.)
  expect(workAreaCode).toEqual([])
  await page.getByRole('link', { name: 'Collaboration' }).click()
  await expect(page.getByRole('heading', { name: 'Collaboration' })).toBeVisible()
  expect(workAreaCode).toHaveLength(1)

  // The stream list cannot load now; the console says once, for the whole page, that the server is unreachable.
  await page.getByRole('link', { name: 'Streams' }).click()
  await expect(page.getByText(/Could not load the streams/)).toBeVisible()
  const connection = page.locator('.honu-connection')
  await expect(connection).toHaveAttribute('aria-live', 'polite')
  await expect(connection).toContainText(/The server cannot be reached|Trying to reach the server again/)
  await expect(page.getByText(/The server cannot be reached|Trying to reach the server again/)).toHaveCount(1)
  await expectNoAxeViolations(page)

  // Back by itself when the server is: no click on "Try again", no reload.
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera', { timeout: 60_000 })
  await expect(page.getByText(/Could not load the streams/)).toHaveCount(0)
  await expect(connection).not.toContainText(/cannot be reached|Trying to reach/)
  expect(await sameDocument(page)).toBe(true)

  // It works on: a screen and a list that both need the new server process.
  await page.getByRole('link', { name: 'Admin console' }).click()
  await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible()
  await page.getByRole('button', { name: /^Tenant: / }).click()
  await page.getByRole('menuitem', { name: 'All tenants…' }).click()
  await page.getByRole('button', { name: /Charlie Survey/ }).click()
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Survey drone')
  expect(await sameDocument(page)).toBe(true)
})

// The retries before this message are unit-tested (lazy-screen): Chromium keeps a failed module fetch for the life of
// the page, so here they fail at once and only the reload recovers.
test('a server that hangs (answers nothing, refuses nothing) is said within seconds, on an open page and on a reload, and the console recovers by itself', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const hang = async (ms: number) => {
    expect((await fetch(`${API}/test/hang`, { method: 'POST', headers: json, body: JSON.stringify({ ms }) })).status).toBe(202)
    // Stopped: its health check goes unanswered now.
    await expect
      .poll(() =>
        fetch(`${API}/health`, { signal: AbortSignal.timeout(500) }).then(
          () => 'answers',
          () => 'silent',
        ),
      )
      .toBe('silent')
  }
  const connection = page.locator('.honu-connection')
  await openStreams(page, 'wes@honu.test')

  // An open page: the next call (the guard re-reads the user on a route change) waits, and the console says so long
  // before the hang ends or the call times out. 16 s: the console says it after 4 s (SLOW_AFTER_MS), and the test
  // must see it with some margin on a loaded machine; every second more is a second of a one-browser phase idle.
  await hang(16_000)
  await page.getByRole('link', { name: 'Collaboration' }).click()
  await expect(connection).toContainText('The server is not answering yet', { timeout: 10_000 })
  await expectNoAxeViolations(page)
  // The hang ends: the call is answered and the banner goes, with nothing reloaded.
  await expect(connection).not.toContainText('not answering', { timeout: 40_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Collaboration' })).toBeVisible()

  // A reload while it hangs: never a blank page. The console mounts without waiting for the server and says why
  // nothing loads yet.
  await page.getByRole('link', { name: 'Streams' }).click()
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera')
  await hang(16_000)
  await page.reload()
  await expect(page.getByText(/The console’s server is not answering right now|The server is not answering yet/).first()).toBeVisible({
    timeout: 10_000,
  })
  await expect(connection).toContainText('The server is not answering yet', { timeout: 10_000 })
  // And it finishes loading by itself when the server goes on.
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera', { timeout: 60_000 })
  await expect(connection).not.toContainText('not answering')
})

test("a screen whose code is gone (a redeploy replaced it): 'The console was updated or cannot be reached' with a Reload that works", async ({
  page,
}) => {
  test.setTimeout(60_000)
  // The app's server serves the built files from disk: moving the screen's file away is what a redeploy does to
  // the old version's files. It is put back before the reload, as the new version's files would be there.
  // The console's page (index.html) names its entry file, that file its loader of the working screens, and the
  // loader its own work-area chunk: the two test pages are built in a second pass with chunks of their own.
  const entry = /src="\/assets\/(main-[^"]+\.js)"/.exec(readFileSync(join(ASSETS, '..', 'index.html'), 'utf8'))?.[1]
  expect(entry, "the console page's entry file").toBeTruthy()
  const loader = /working-screens-[\w-]+\.js/.exec(readFileSync(join(ASSETS, entry!), 'utf8'))?.[0]
  expect(loader, 'the built loader of the working screens').toBeTruthy()
  const file = /work-area-screen-[\w-]+\.js/.exec(readFileSync(join(ASSETS, loader!), 'utf8'))?.[0]
  expect(file, 'the built work-area screen').toBeTruthy()
  const path = join(ASSETS, file!)
  await openStreams(page, 'wes@honu.test')
  renameSync(path, `${path}.gone`)
  try {
    await page.getByRole('link', { name: 'Collaboration' }).click()
    await expect(page.getByRole('heading', { name: 'The console was updated or cannot be reached.' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(/Unexpected Application Error/)).toHaveCount(0)
    // The layout stays around the failed screen: the rest of the console is still there.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expectNoAxeViolations(page)
  } finally {
    renameSync(`${path}.gone`, path)
  }
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { name: 'Collaboration' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('wes@honu.test')
})

test("a 500 on the user record at page load: 'Error logging in' with a Retry that works, never a blank page", async ({ page }) => {
  await signIn(page, 'remy@honu.test')
  await expect(page.getByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
  // The next user-record call (the one the reload makes) answers 500 for real.
  const fault = await fetch(`${API}/test/faults`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ method: 'GET', url: '/api/v1/users/:uid', status: 500, count: 1 }),
  })
  expect(fault.ok).toBe(true)
  try {
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Error logging in' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('Failed to fetch user data')
    await expect(page.getByLabel('Password')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Alpha Harbour/ })).toBeVisible()
  } finally {
    await fetch(`${API}/test/faults`, { method: 'DELETE' })
  }
})

test('a session ended while the user only watches (no click, no API call): the live channel and the players end it as an API 401 would', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const email = `watching-${Date.now()}@honu.test`
  const localId = await createThrowawayReader(email)
  try {
    await openStreams(page, email)
    await page.getByRole('button', { name: /^Bow camera/ }).click()
    const tile = page.getByRole('group', { name: 'Bow camera' })
    await expect(tile.locator('.honu-video')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
    // Every session of the account revoked (as firebase-admin's revokeRefreshTokens does), the account itself still
    // enabled: the provider goes on refreshing its token, but each one carries the old sign-in time, which the server
    // refuses. The page makes no API call of its own from here: only the live channel and the players can learn it.
    await page.waitForTimeout(1100)
    const validSince = String(Math.floor(Date.now() / 1000))
    expect(
      (await fetch(`${IDP}/projects/demo-honu/accounts:update`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ localId, validSince }) }))
        .ok,
    ).toBe(true)

    // No click: the server's refusals (4403 on the socket, 401 on the playlist) end the session by themselves.
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 })
    await expect(page.getByRole('alert')).toContainText('Your session has ended. Sign in again to continue.')
    await expect(page.locator('video, canvas')).toHaveCount(0)
    await expectNoAxeViolations(page)
  } finally {
    await fetch(`${IDP}/projects/demo-honu/accounts:delete`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ localId }) })
  }
})

test('a revoked session reaches the sign-in page with its message, and every player stops', async ({ page }) => {
  test.setTimeout(90_000)
  const email = `revoked-${Date.now()}@honu.test`
  const localId = await createThrowawayReader(email)
  try {
    await openStreams(page, email)
    await page.getByRole('button', { name: /^Bow camera/ }).click()
    const tile = page.getByRole('group', { name: 'Bow camera' })
    await expect(tile.locator('.honu-video')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })

    // The account is disabled in the Auth emulator: the server now refuses its token, and so does a refresh.
    const disabled = await fetch(`${IDP}/projects/demo-honu/accounts:update`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ localId, disableUser: true }),
    })
    expect(disabled.ok).toBe(true)
    // Any call to the API now (the guard re-reads the user on navigation) meets the 401.
    await page.getByRole('link', { name: 'Streams' }).click()

    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 })
    await expect(page.getByRole('alert')).toContainText('Your session has ended. Sign in again to continue.')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(page.locator('video, canvas')).toHaveCount(0)
    // Nothing keeps playing: no media request at all once the sign-in page shows.
    const media: string[] = []
    page.on('request', (request) => request.url().includes('/media/') && media.push(request.url()))
    await page.waitForTimeout(3000)
    expect(media).toEqual([])
    await expectNoAxeViolations(page)
  } finally {
    await fetch(`${IDP}/projects/demo-honu/accounts:delete`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ localId }) })
  }
})
