import { expect, test, type Page, type Request } from '@playwright/test'
import { expectNoAxeViolations, PASSWORD, signIn } from './helpers'
import { API, AUTH } from './stack'

const ALPHA = { 'Bow camera': 'alpha-bow', 'Stern camera': 'alpha-stern', 'Mast camera': 'alpha-mast', 'Dock overview': 'alpha-dock' }

async function openStreams(page: Page, email: string, tenant = /Alpha Harbour/) {
  await signIn(page, email)
  await page.getByRole('button', { name: tenant }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await expect(page.getByRole('list', { name: /Streams/ })).toBeVisible()
}
const tile = (page: Page, name: string) => page.getByRole('group', { name }).locator('.honu-video')

/**
 * Frames advance: the video's clock moves by at least a third of a second within a few seconds. Moves, not only
 * forward: the clip loops, and a source that came back starts a new stream at 0 (a CI run read 3.59 s, then 1.23 s).
 */
async function expectPlaying(page: Page, name: string) {
  const video = page.getByRole('group', { name }).locator('video')
  await expect(tile(page, name)).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime)
  await expect
    .poll(async () => Math.abs((await video.evaluate((v: HTMLVideoElement) => v.currentTime)) - start), { timeout: 10_000 })
    .toBeGreaterThan(0.3)
}

async function setSource(page: Page, id: string, state: 'down' | 'up') {
  const response = await page.request.post(`${API}/media/test/${id}/${state}`)
  expect(response.ok()).toBe(true)
}

test.describe('four tiles on screen', () => {
  // Tiles off screen pause on purpose (they stop downloading); this screen is tall enough to show all four.
  test.use({ viewport: { width: 1600, height: 1400 } })

  test('four tiles play; a dead source fails alone, recovers by itself, one stream per tile throughout', { tag: '@serial' }, async ({ page }) => {
    test.setTimeout(150_000)
    // Segment requests per stream: one loader fetches each segment once; a second loader would fetch them again.
    const segments: { id: string; url: string; at: number }[] = []
    page.on('request', (request) => {
      const match = /\/media\/alpha\/([^/]+)\/s\d+\.ts/.exec(request.url())
      if (match) segments.push({ id: match[1]!, url: request.url(), at: Date.now() })
    })
    const expectOneLoaderEach = (from: number) => {
      for (const id of Object.values(ALPHA)) {
        const urls = segments.filter((s) => s.id === id && s.at >= from).map((s) => s.url)
        expect(urls.length, `${id} kept downloading`).toBeGreaterThanOrEqual(2)
        expect(new Set(urls).size, `${id} fetched no segment twice`).toBe(urls.length)
      }
    }
    await openStreams(page, 'wes@honu.test')
    for (const name of Object.keys(ALPHA)) await page.getByRole('button', { name: new RegExp(`^${name}`) }).click()
    for (const name of Object.keys(ALPHA)) await expectPlaying(page, name)
    await expect(page.locator('video')).toHaveCount(4)
    await expectNoAxeViolations(page)

    const steadyFrom = Date.now()
    await page.waitForTimeout(6000)
    expectOneLoaderEach(steadyFrom)

    await setSource(page, 'alpha-mast', 'down')
    try {
      await expect(tile(page, 'Mast camera')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
      await expect(tile(page, 'Mast camera')).toContainText('No video')
      for (const name of ['Bow camera', 'Stern camera', 'Dock overview']) await expectPlaying(page, name)
    } finally {
      await setSource(page, 'alpha-mast', 'up')
    }
    // Back by itself: no reload, no click.
    await expectPlaying(page, 'Mast camera')
    await expect(page.locator('video')).toHaveCount(4)
    const backFrom = Date.now()
    await page.waitForTimeout(6000)
    expectOneLoaderEach(backFrom)
  })
})

/** Frames advance on a canvas (MJPEG): the player's frame count, shown as its fps, and the picture changes. */
async function expectCanvasPlaying(page: Page, name: string) {
  const canvas = page.getByRole('group', { name }).locator('canvas')
  await expect(tile(page, name)).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
  const picture = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/jpeg', 0.5))
  const first = await picture()
  await expect.poll(picture, { timeout: 10_000 }).not.toBe(first)
  await expect(page.getByRole('group', { name }).locator('.honu-video__stats')).toContainText('320×180')
}

test.describe('every kind of source', () => {
  test.use({ viewport: { width: 1600, height: 1400 } })
  const BRAVO = {
    hls: 'Deck camera',
    whep: 'ROV camera (WebRTC)',
    mjpeg: 'Crane camera (MJPEG)',
    file: 'Dock recording (MP4)',
  }

  test(
    'HLS, WebRTC (WHEP), MJPEG and an MP4 clip play side by side; dead WebRTC and MJPEG sources fail and recover alone',
    { tag: '@serial' },
    async ({ page }) => {
      test.setTimeout(180_000)
      // WebRTC sessions opened (POST answered 201; a POST while the source is down gets 503 and opens none), and
      // sessions the player ended (DELETE).
      const opened: string[] = []
      const ended: string[] = []
      page.on('response', (response) => {
        const { pathname } = new URL(response.url())
        if (!/\/whep(\/|$)/.test(pathname)) return
        if (response.request().method() === 'POST' && response.status() === 201) opened.push(response.headers()['location'] ?? '')
      })
      page.on('request', (request) => {
        if (request.method() === 'DELETE' && /\/whep\//.test(request.url())) ended.push(new URL(request.url()).pathname)
      })
      // Every request, with its headers: the ID token goes in Authorization headers to the API only, never in a URL.
      // Listening stops once the check has read them: a header read still pending when the test ends rejects with
      // 'Test ended', so each read settles to null instead of failing the test after it has passed.
      const requests: Promise<{ url: string; method: string; authorization?: string } | null>[] = []
      const recordHeaders = (request: Request) => {
        const { url, method } = { url: request.url(), method: request.method() }
        requests.push(
          request.allHeaders().then(
            (headers) => ({ url, method, authorization: headers['authorization'] }),
            () => null,
          ),
        )
      }
      page.on('request', recordHeaders)
      await openStreams(page, 'bea@honu.test', /Bravo Fleet/)
      for (const name of Object.values(BRAVO)) {
        await page.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).click()
      }
      await expectPlaying(page, BRAVO.hls)
      await expectPlaying(page, BRAVO.whep)
      await expectCanvasPlaying(page, BRAVO.mjpeg)
      await expectPlaying(page, BRAVO.file)
      // WebRTC: 640x360 VP8 from the reference server over a real peer connection, one session for the tile.
      await expect(page.getByRole('group', { name: BRAVO.whep }).locator('.honu-video__stats')).toContainText('640×360')
      expect(opened).toHaveLength(1)
      // The clip loops in its tile instead of ending in a failure.
      const clip = page.getByRole('group', { name: BRAVO.file }).locator('video')
      await expect(clip).toHaveJSProperty('loop', true)
      await expectNoAxeViolations(page)

      // Credentials: every media request of the four tiles carried the bearer token in a header, except the clip's
      // (a <video src> cannot send one), which carried a media token in its address; no ID token in any URL.
      page.off('request', recordHeaders)
      const seen = (await Promise.all(requests)).filter((r) => r !== null)
      const idTokens = new Set(seen.flatMap((r) => (r.authorization ? [r.authorization.replace(/^Bearer /, '')] : [])))
      expect(idTokens.size).toBeGreaterThan(0)
      for (const { url, authorization } of seen) {
        for (const token of idTokens) expect(url, 'an ID token in a URL').not.toContain(token)
        expect(url, 'a JWT in a URL').not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./)
        if (authorization) expect(new URL(url).origin, 'a bearer token sent outside the API').toBe(API)
      }
      const media = seen.filter((r) => r.method !== 'OPTIONS' && new URL(r.url).pathname.startsWith('/media/bravo/'))
      for (const id of ['bravo-deck', 'bravo-rov', 'bravo-crane']) {
        const own = media.filter((r) => r.url.includes(`/${id}/`))
        expect(own.length, id).toBeGreaterThan(0)
        for (const r of own) expect(r.authorization, r.url).toMatch(/^Bearer /)
      }
      const clipRequests = media.filter((r) => r.url.includes('/bravo-clip/'))
      expect(clipRequests.length).toBeGreaterThan(0)
      for (const r of clipRequests) expect(new URL(r.url).searchParams.get('media_token'), r.url).toMatch(/^hm1\./)

      await setSource(page, 'bravo-rov', 'down')
      await setSource(page, 'bravo-crane', 'down')
      try {
        for (const name of [BRAVO.whep, BRAVO.mjpeg]) {
          await expect(tile(page, name)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
          await expect(tile(page, name)).toContainText('No video')
        }
        await expectPlaying(page, BRAVO.hls)
        await expectPlaying(page, BRAVO.file)
      } finally {
        await setSource(page, 'bravo-rov', 'up')
        await setSource(page, 'bravo-crane', 'up')
      }
      // Back by themselves, no reload, no click.
      await expectPlaying(page, BRAVO.whep)
      await expectCanvasPlaying(page, BRAVO.mjpeg)
      // Every WebRTC session the player opened, but the live one, it also ended: no second stream in the tile.
      expect(opened.length).toBeGreaterThanOrEqual(2)
      await expect.poll(() => [...ended].sort()).toEqual(opened.slice(0, -1).sort())
      await expect(page.locator('video')).toHaveCount(3)
      await expect(page.locator('canvas')).toHaveCount(1)
    },
  )
})

test('a writer adds, renames and deletes a stream; a name with markup shows as text', { tag: '@serial' }, async ({ page }) => {
  await openStreams(page, 'wes@honu.test')
  const name = `<img src=x onerror="window.__pwned=1">Pier <b>cam</b>`
  await page.getByRole('button', { name: 'Add stream' }).click()
  await page.getByRole('button', { name: 'Add stream' }).last().click()
  await expect(page.getByRole('alert')).toHaveText('Enter the stream’s name.')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Source address').fill('/media/alpha/alpha-pier/index.m3u8')
  await page.getByRole('button', { name: 'Add stream' }).last().click()
  const item = page.getByRole('button', { name: name, exact: false }).first()
  await expect(page.getByText(name, { exact: true })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  await expect(page.locator('.honu-stream-list img')).toHaveCount(0)
  await expect(item).toBeVisible()

  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await page.getByLabel('Name').fill('Pier camera')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Stream Pier camera saved.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pier camera/ })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: /^Pier camera/ })).toBeVisible()

  await page.getByRole('button', { name: 'Delete Pier camera' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Pier camera?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(page.getByText('Stream Pier camera deleted.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pier camera/ })).toHaveCount(0)
})

test('a reader sees the streams but no controls to change them, and the server refuses anyway', async ({ page }) => {
  await openStreams(page, 'remy@honu.test')
  await expect(page.getByRole('button', { name: /^Bow camera/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add stream' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0)
  // The same request the writer's form sends, with the reader's own token.
  const signInAnswer = await page.request.post(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    data: { email: 'remy@honu.test', password: PASSWORD, returnSecureToken: true },
  })
  const { idToken } = (await signInAnswer.json()) as { idToken: string }
  const refused = await page.request.post(`${API}/api/v1/videos?tenant_id=alpha`, {
    headers: { authorization: `Bearer ${idToken}` },
    data: { name: 'Sneaky', source: '/media/alpha/x/index.m3u8' },
  })
  expect(refused.status()).toBe(403)
  await expectNoAxeViolations(page)
})

test('the list and splitter are remembered; the splitter works from the keyboard', async ({ page }) => {
  await openStreams(page, 'wes@honu.test')
  const splitter = page.getByRole('separator', { name: 'Resize the stream list' })
  await expect(splitter).toHaveAttribute('aria-valuenow', '25')
  await splitter.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(splitter).toHaveAttribute('aria-valuenow', '29')
  await page.getByRole('button', { name: 'Hide stream list' }).click()
  await expect(page.getByRole('list', { name: /Streams/ })).toHaveCount(0)
  await page.reload()
  await page.getByRole('button', { name: 'Show stream list' }).click()
  await expect(page.getByRole('separator', { name: 'Resize the stream list' })).toHaveAttribute('aria-valuenow', '29')
})

test('a tile off screen or minimised downloads nothing, and plays again when shown', async ({ page }) => {
  test.setTimeout(120_000)
  const loads: Record<string, number[]> = {}
  page.on('request', (request) => {
    const match = /\/media\/alpha\/([^/]+)\//.exec(request.url())
    if (match) (loads[match[1]!] ??= []).push(Date.now())
  })
  const loadsSince = (id: string, from: number) => (loads[id] ?? []).filter((t) => t >= from).length
  // A short window, so the fourth tile sits below the fold whatever the tiles' default size.
  await page.setViewportSize({ width: 1280, height: 400 })
  await openStreams(page, 'wes@honu.test')
  for (const name of Object.keys(ALPHA)) await page.getByRole('button', { name: new RegExp(`^${name}`) }).click()
  const dockTop = (await page.getByRole('group', { name: 'Dock overview' }).boundingBox())?.y ?? 0
  expect(dockTop, 'the fourth tile starts below the window').toBeGreaterThan(400)
  await expect(tile(page, 'Dock overview')).toHaveAttribute('data-state', 'paused')
  const from = Date.now()
  await page.waitForTimeout(4000)
  expect(loadsSince('alpha-dock', from)).toBe(0)
  await page.getByRole('group', { name: 'Dock overview' }).scrollIntoViewIfNeeded()
  await expectPlaying(page, 'Dock overview')

  await page.getByRole('button', { name: 'Minimise: Bow camera' }).click()
  await expect(page.getByRole('group', { name: 'Bow camera' })).toHaveCount(0)
  const minimisedFrom = Date.now()
  await page.waitForTimeout(4000)
  expect(loadsSince('alpha-bow', minimisedFrom)).toBe(0)
  await page.getByRole('button', { name: 'Restore Bow camera' }).click()
  await page.getByRole('group', { name: 'Bow camera' }).scrollIntoViewIfNeeded()
  await expectPlaying(page, 'Bow camera')
})

test('a failing stream list says so and loads on retry, nothing lost', async ({ page }) => {
  let fail = true
  await page.route('**/api/v1/videos?**', (route) =>
    fail ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }) : route.fallback(),
  )
  await signIn(page, 'wes@honu.test')
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page.getByRole('alert')).toContainText('Could not load the streams.')
  fail = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('button', { name: /^Bow camera/ })).toBeVisible()
})
