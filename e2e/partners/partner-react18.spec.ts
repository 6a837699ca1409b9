import { expect, test, type Page } from '@playwright/test'
import { mapPixels } from '../helpers'
import { collectStyles, elementCount, styleDifferences, type CollectOptions, type StyleMap } from './compare-styles'
import { APP } from '../stack'

// examples/partner-react18: a partner's portal on React 18 and react-router 7 under Vite's dev server (development
// build, <StrictMode> double effects), Tailwind's preflight and a hostile reset, the console from the packed
// tarballs under /ops through the lazy route object, signed in by the portal's own page (token adapter).

const PORTAL = 'http://127.0.0.1:5181'
const PASSWORD = 'honu-demo-1'

async function signInOnPortal(page: Page, email = 'ada@honu.test') {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in through the portal's page and leaves the session in the context's storage. */
async function signedIn(page: Page) {
  await page.goto(`${PORTAL}/signin`)
  await signInOnPortal(page)
  await expect(page.locator('[data-host="user"]')).toHaveText('ada@honu.test')
}

// Code only the console's packages define (in the development pre-bundles Vite serves, names are kept): the
// portal's own modules name some of them (it imports them lazily), but none defines them.
const CONSOLE_CODE = [
  /function createConsoleClient\(/,
  /function createConsoleRoutes\(/,
  /function ConsoleRouteElement\(/,
  /function ConsoleProvider\(/,
]

/** Every script the page has loaded so far, with its body. */
function recordScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text().catch(() => '') })
  })
  return async () => Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })))
}
const consoleScripts = (scripts: { url: string; body: string }[]) =>
  scripts.filter((s) => CONSOLE_CODE.some((code) => code.test(s.body)) || /\/@honu_(core|console-react)\.js/.test(s.url)).map((s) => s.url)

test('a portal page that never opens the console loads none of its JavaScript; /ops loads it on the first visit', async ({ page }) => {
  const scripts = recordScripts(page)
  await page.goto(`${PORTAL}/`)
  await expect(page.locator('[data-host="home"]')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const home = await scripts()
  expect(home.length).toBeGreaterThan(3)
  // The route object itself is on the page (it is how the portal knows /ops), and nothing else of the console.
  expect(home.some((s) => s.url.includes('@honu_console-react_route'))).toBe(true)
  expect(consoleScripts(home)).toEqual([])

  // The same count finds the console's code once /ops is visited (signed out, so it hands over to the portal's
  // sign-in page after loading).
  await page.getByRole('link', { name: 'Operations' }).click()
  await expect.poll(async () => consoleScripts(await scripts()).length).toBeGreaterThan(0)
})

test('a signed-out deep link reaches the portal’s sign-in; after signing in the console opens without a reload; its Sign out signs the portal out', async ({
  page,
}) => {
  await page.goto(`${PORTAL}/ops/streams`)
  await expect(page).toHaveURL(`${PORTAL}/signin?returnTo=${encodeURIComponent('/ops/streams')}`)
  await expect(page.getByRole('heading', { name: 'Sign in to the portal' })).toBeVisible()
  // Nothing of the console's own sign-in form.
  await expect(page.locator('.honu-console form')).toHaveCount(0)
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

  await signInOnPortal(page)
  // Ada administers one tenant: the console asks for it, then shows the streams.
  await page.getByRole('button', { name: /Alpha Harbour/ }).click({ timeout: 20_000 })
  await expect(page).toHaveURL(`${PORTAL}/ops/streams`)
  await expect(page.getByRole('heading', { name: 'Streams', exact: true })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

  // The portal chose signOut: 'host': the console's Sign out signs the portal out too, then the portal's home shows.
  await page
    .getByRole('button', { name: /ada@honu\.test|Account/ })
    .first()
    .click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(`${PORTAL}/`)
  await expect(page.locator('[data-host="signin"]')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('partner-portal-session'))).toBeNull()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
})

test('in the portal’s Vite dev server the Map widget draws its basemap and the tenant’s vehicles, with MapLibre’s worker named by the portal', async ({
  page,
}) => {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  await page.goto(`${PORTAL}/ops/streams`)
  await signInOnPortal(page)
  await page.getByRole('button', { name: /Alpha Harbour/ }).click({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Map', exact: true }).click()
  const map = page.getByRole('group', { name: 'Map 1' }).locator('.honu-map')
  // The worker ran (it tiles the offline basemap) and the four vehicles of Alpha are drawn.
  await expect(map).toHaveAttribute('data-basemap', 'drawn', { timeout: 30_000 })
  await expect.poll(async () => Number(await map.getAttribute('data-drawn-vehicles')), { timeout: 20_000 }).toBe(4)
  // Seen on screen, not only said: the sea and the four vehicles' colour in the map's view (see e2e/map.spec.ts).
  await expect
    .poll(
      async () => {
        const seen = await mapPixels(map)
        return seen.water > 0.15 && seen.vehicles >= 4 * 25
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  expect(refused).toEqual([])
})

interface ProbeInstance {
  id: number
  destroyedAt?: number
  attached: boolean
  loads: { url: string; segment: boolean; afterDestroy: boolean; alive: number }[]
}

test('under StrictMode in development, 10 fresh loads of a page with a VideoPlayer all reach playing, and no destroyed playback fetches a segment', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const messages: string[] = []
  page.on('console', (message) => messages.push(message.text()))
  await signedIn(page)
  const LOADS = 10
  let playing = 0
  for (let load = 1; load <= LOADS; load++) {
    await page.goto(`${PORTAL}/video`)
    const player = page.locator('.honu-video')
    await expect(player, `load ${load}`).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
    playing++
    // Segments requested so far: the playing one has fetched some; let a few more go out before reading the probe.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window as unknown as { __hlsProbe: { instances: { loads: { segment: boolean }[] }[] } }).__hlsProbe.instances
              .flatMap((i) => i.loads)
              .filter((l) => l.segment).length,
        ),
      )
      .toBeGreaterThan(1)
    // src/hls-probe.ts recorded every hls.js instance of this document (the page is new at every load).
    const instances = await page.evaluate(() =>
      (window as unknown as { __hlsProbe: { instances: (ProbeInstance & { media?: HTMLMediaElement })[] } }).__hlsProbe.instances.map(
        ({ media, ...rest }) => ({
          ...rest,
          attached: media !== undefined && media === document.querySelector('.honu-video video'),
        }),
      ),
    )
    const alive = instances.filter((i) => i.destroyedAt === undefined)
    // One playback plays, on the element the page shows…
    expect(alive, `load ${load}: live hls.js instances`).toHaveLength(1)
    expect(alive[0]!.attached, `load ${load}: the live instance plays the page's <video>`).toBe(true)
    // …and a playback StrictMode destroyed fetched no segment, not even while the other one was starting.
    for (const destroyed of instances.filter((i) => i.destroyedAt !== undefined)) {
      expect(
        destroyed.loads.filter((l) => l.segment),
        `load ${load}: segments of destroyed instance ${destroyed.id}`,
      ).toEqual([])
    }
    const loads = instances.flatMap((i) => i.loads)
    expect(
      loads.filter((l) => l.afterDestroy),
      `load ${load}: requests after destroy()`,
    ).toEqual([])
    expect(
      loads.filter((l) => l.segment && l.alive !== 1),
      `load ${load}: segments requested while two playbacks were live`,
    ).toEqual([])
    // No segment twice.
    const segments = loads.filter((l) => l.segment).map((l) => l.url)
    expect(new Set(segments).size, `load ${load}: each segment once`).toBe(segments.length)
  }
  expect(playing).toBe(LOADS)
  // React's development build ran, as a partner's `vite` does (StrictMode's double effects exist only there).
  expect(messages.some((text) => text.includes('React DevTools'))).toBe(true)
})

const REFERENCE = APP
// What depends on the size of the place the console is given (the portal's header above it, its padding around
// it) rather than on anyone's CSS; every other property is compared. Toasts come and go, video frames change.
const LAYOUT = [
  'grid-template-columns',
  'grid-template-rows',
  'width',
  'height',
  'block-size',
  'inline-size',
  'min-height',
  'min-block-size',
  'max-height',
  'max-block-size',
  'top',
  'bottom',
  'inset-block-start',
  'inset-block-end',
  'transform-origin',
  'perspective-origin',
]
const CONSOLE: CollectOptions = { exclude: LAYOUT, skip: '.honu-toasts, .honu-video' }

/** Until no transition or animation runs on the page (shadow roots included). */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const roots: (Document | ShadowRoot)[] = [
          document,
          ...[...document.querySelectorAll('*')].flatMap((e) => (e.shadowRoot ? [e.shadowRoot] : [])),
        ]
        return roots.flatMap((root) => root.getAnimations()).filter((a) => a.playState === 'running').length
      }),
    )
    .toBe(0)
}

/**
 * Keys from the console's root on, whatever it sits in (a shadow root or the page); embedded, `main` is a `div`.
 * Without a background image its position shows nothing: the reference app's CSS minifier writes `background: none`
 * as `background: 0 0` (0px 0px where the console's own text computes 0% 0%).
 */
function fromConsoleRoot(styles: StyleMap): StyleMap {
  return Object.fromEntries(
    Object.entries(styles).flatMap(([key, value]) => {
      const at = key.indexOf('div.honu-console')
      if (at < 0) return []
      const values = { ...value }
      if (values['background-image'] === 'none')
        for (const name of ['background-position', 'background-position-x', 'background-position-y']) delete values[name]
      return [[key.slice(at).replace(/(^| > )main\./g, '$1div.'), values]]
    }),
  )
}

/** The width of the console's root on a page (inside the portal's shadow root, or the reference app's own). */
const consoleWidth = (page: Page) =>
  page.evaluate(() => {
    const root =
      document.querySelector('[data-honu-shadow-host]')?.shadowRoot?.querySelector('.honu-console') ?? document.querySelector('.honu-console')
    return root!.getBoundingClientRect().width
  })

test('under Tailwind’s preflight and a hostile reset the console’s every element looks as in the reference app, and the portal’s own elements are unchanged with the console mounted', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  // The reference app, on its own page, signed in as the same user.
  const referenceContext = await browser.newContext({ locale: 'en-US', viewport: page.viewportSize()! })
  const reference = await referenceContext.newPage()
  await reference.goto(`${REFERENCE}/login`)
  await reference.getByLabel('E-mail').fill('ada@honu.test')
  await reference.getByLabel('Password').fill(PASSWORD)
  await reference.getByRole('button', { name: 'Sign in' }).click()
  // The pointer off the console on both pages (it would rest where each clicked, over a different element).
  await reference.mouse.move(0, 0)
  const referenceTenant = reference.getByRole('button', { name: /Alpha Harbour/ })
  await expect(referenceTenant).toBeVisible({ timeout: 20_000 })
  await settled(reference)
  const width = await consoleWidth(reference)
  const referenceCard = fromConsoleRoot(await collectStyles(reference, '.honu-console', CONSOLE))
  await referenceTenant.click()
  await reference.mouse.move(0, 0)
  await expect(reference.getByRole('heading', { name: 'Streams', exact: true })).toBeVisible()
  // The list itself, not its loading state: the network may be idle before the tenant's token is ready.
  await expect(reference.getByRole('list', { name: /Streams/ })).toBeVisible()
  await reference.waitForLoadState('networkidle')
  await settled(reference)
  const referenceStreams = fromConsoleRoot(await collectStyles(reference, '.honu-console', CONSOLE))
  await referenceContext.close()

  // The portal before the console ever loaded: its header and page (the console's place left out).
  await page.goto(`${PORTAL}/signin?returnTo=${encodeURIComponent('/ops/streams')}`)
  await signInOnPortal(page)
  await page.mouse.move(0, 0)
  await expect(page).toHaveURL(/\/ops\//)
  const tenant = page.getByRole('button', { name: /Alpha Harbour/ })
  await expect(tenant).toBeVisible({ timeout: 20_000 })
  // The same width for the console as in the reference app (the portal's padding takes some of the window's).
  const viewport = page.viewportSize()!
  await page.setViewportSize({ width: viewport.width + width - (await consoleWidth(page)), height: viewport.height })
  expect(await consoleWidth(page)).toBe(width)
  await settled(page)
  const card = fromConsoleRoot(await collectStyles(page, '[data-honu-shadow-host]', { ...CONSOLE, includeRoot: false }))
  await tenant.click()
  await page.mouse.move(0, 0)
  await expect(page.getByRole('heading', { name: 'Streams', exact: true })).toBeVisible()
  // The list itself, not its loading state: the network may be idle before the tenant's token is ready.
  await expect(page.getByRole('list', { name: /Streams/ })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await settled(page)
  // The portal's own area adds a link the reference app has not: left out, the console's own links compared.
  const streams = fromConsoleRoot(
    await collectStyles(page, '[data-honu-shadow-host]', {
      ...CONSOLE,
      skip: `${CONSOLE.skip}, .honu-nav li:has(a[href$="/fleet-notes"])`,
      includeRoot: false,
    }),
  )
  const portalWithConsole = await collectStyles(page, 'body', { skip: 'main' })

  expect(elementCount(referenceCard)).toBeGreaterThan(10)
  expect(elementCount(referenceStreams)).toBeGreaterThan(40)
  expect(styleDifferences(referenceCard, card), 'the tenant card').toEqual([])
  // With that one link more, the auto margin that pushes the user menu to the header's end is one link shorter.
  const pushedByTheLink = /div\.honu-header__user:\d+: margin-(inline-start|left) /
  expect(
    styleDifferences(referenceStreams, streams).filter((d) => !pushedByTheLink.test(d)),
    'the streams screen',
  ).toEqual([])

  // The portal's header and page frame: the same, property by property, on a page that never loaded the console.
  const fresh = await browser.newContext({ locale: 'en-US', viewport: page.viewportSize()! })
  const portal = await fresh.newPage()
  await portal.goto(`${PORTAL}/signin`)
  await signInOnPortal(portal)
  await expect(portal.locator('[data-host="user"]')).toHaveText('ada@honu.test')
  await portal.goto(`${PORTAL}/`)
  await expect(portal.locator('[data-host="home"]')).toBeVisible()
  const portalAlone = await collectStyles(portal, 'body', { skip: 'main' })
  await fresh.close()
  expect(elementCount(portalAlone)).toBeGreaterThan(5)
  expect(styleDifferences(portalAlone, portalWithConsole), 'the portal around the console').toEqual([])
})

test('the portal’s own area (defineArea, one line in the portal): its link and screen with a query, its widget type, its migrated data, its German and its style sheet', async ({
  page,
}) => {
  await signedIn(page)
  await page.goto(`${PORTAL}/ops/streams`)
  await page.getByRole('button', { name: /Alpha Harbour/ }).click({ timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'Streams', exact: true })).toBeVisible()

  // The area's link follows the console's own in the main navigation; its screen asks the server through the
  // console's query cache, and its style sheet is adopted by the console's shadow root.
  const nav = page.locator('nav.honu-nav')
  await expect(nav.getByRole('link')).toHaveText(['Streams', 'Network topology', 'Collaboration', 'Admin console', 'Fleet notes'])
  await nav.getByRole('link', { name: 'Fleet notes' }).click()
  await expect(page).toHaveURL(`${PORTAL}/ops/fleet-notes`)
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet notes' })).toBeVisible()
  await expect(page.getByText('Notes the fleet team keeps beside the streams of Alpha Harbour.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Fleet notes' })).toContainText('Bow camera')
  const section = page.locator('.acme-notes')
  expect(await section.evaluate((el) => getComputedStyle(el).borderInlineStartColor)).toBe('rgb(255, 140, 0)')

  // Its widget type is in the dashboard's add menu, after the console's nine; a new one has no note.
  await nav.getByRole('link', { name: 'Streams' }).click()
  await page.getByRole('button', { name: 'Add widget' }).click()
  const items = page.getByRole('menuitem')
  await expect(items.last()).toHaveText('Fleet note')
  await items.last().click()
  await expect(page.getByRole('group', { name: 'Fleet note 1', exact: true })).toContainText('No note yet.')

  // A layout stored by the widget's version 1 ({ text }) is read through its migrate.
  const layout = {
    schemaVersion: 2,
    workspaces: {
      'stream-view': [{ id: 'acme.fleet-note-9', type: 'acme.fleet-note', name: 'Old note', data: { text: 'Check the bow camera' }, dataVersion: 1 }],
    },
  }
  await page
    .getByLabel('Import layout')
    .setInputFiles({ name: 'old.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(layout)) })
  await expect(page.getByRole('group', { name: 'Old note', exact: true })).toContainText('Check the bow camera')

  // In German, the area's own strings are German too (its translations loaded when German is chosen).
  await page.getByRole('button', { name: /^Account: / }).click()
  await page.getByRole('menuitem', { name: 'Preferences' }).click()
  await page.getByRole('dialog', { name: 'Preferences' }).getByLabel('Language').selectOption('de-DE')
  await page.getByRole('dialog', { name: 'Einstellungen' }).getByRole('button', { name: 'Fertig' }).click()
  await nav.getByRole('link', { name: 'Flottennotizen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Flottennotizen' })).toBeVisible()
  await expect(page.getByText('Notizen des Flottenteams zu den Streams von Alpha Harbour.')).toBeVisible()
})
