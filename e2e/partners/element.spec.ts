import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { collectStyles, elementCount, styleDifferences } from './compare-styles'

// examples/partner-element: a plain HTML portal (no React of its own) with <honu-console> from the packed
// tarballs, built and served by `vite preview` under a CSP without 'unsafe-inline' or 'unsafe-eval'.
const PORTAL = 'http://127.0.0.1:5183'
const PASSWORD = 'honu-demo-1'

test.use({ baseURL: PORTAL })

/** Every CSP violation the page reports: the securitypolicyviolation events and the console's messages. */
async function watchCsp(page: Page) {
  const messages: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) messages.push(message.text())
  })
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`))
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    // Capture, on the document: events of elements inside shadow roots are composed and reach it too.
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`), true)
  })
  return async () => [...messages, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))]
}

/** The portal's own sign-in page, as the console's `sign-in-required` event sends the user there. */
async function signInThroughPortal(page: Page, email = 'ada@honu.test') {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const shadowHas = (page: Page, selector: string) =>
  page.locator('honu-console').evaluate((el, s) => el.shadowRoot!.querySelector(s) !== null, selector)

test('under a strict CSP with 0 violations: a deep link asks the portal to sign in, the token provider signs the console in, streams and a playing tile', async ({
  page,
}) => {
  const violations = await watchCsp(page)
  const csp = (await (await page.request.get('/')).headers())['content-security-policy']!
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("style-src 'self'")
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
  expect(csp).toContain("worker-src 'self';")

  // Signed out: the element's sign-in-required event sends the user to the portal's page, with the path wanted.
  await page.goto('/ops/streams')
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fops%2Fstreams$/)
  await signInThroughPortal(page)

  // Back on the deep link: the console opens with the portal's token and the tenant the portal names.
  await expect(page).toHaveURL(/\/ops\/streams$/)
  const list = page.getByRole('list', { name: /Streams/ })
  await expect(list).toContainText('Bow camera', { timeout: 30_000 })
  await expect(page).toHaveTitle('Operations /ops/streams – Partner portal')
  // The console is in the element's open shadow root, its styles adopted (no <style> element anywhere).
  expect(await shadowHas(page, '.honu-console .honu-streams')).toBe(true)
  expect(await page.locator('honu-console').evaluate((el) => el.shadowRoot!.adoptedStyleSheets.length)).toBeGreaterThanOrEqual(3)
  expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0)
  expect(await page.locator('honu-console').evaluate((el) => el.shadowRoot!.querySelectorAll('style').length)).toBe(0)
  // The portal's theme crosses by design: its `::part(console)` rule sets the console's accent.
  expect(
    await page
      .locator('honu-console')
      .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.honu-console')!).getPropertyValue('--honu-accent')),
  ).toBe('rgb(125, 197, 255)')

  await page.getByRole('button', { name: /^Bow camera/ }).click()
  await expect(page.getByRole('group', { name: 'Bow camera' }).locator('.honu-video')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })

  // A menu opens inside the shadow root and works from the keyboard.
  const switcher = page.getByRole('button', { name: 'Tenant: Alpha Harbour' })
  await switcher.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitemradio', { name: 'Alpha Harbour' })).toBeFocused()
  expect(await shadowHas(page, '.honu-layers [role="menu"]')).toBe(true)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(switcher).toBeFocused()

  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  expect(await violations()).toEqual([])
})

test("a portal page that never places the element loads none of the console's code", async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
  expect(await page.evaluate(() => customElements.get('honu-console') !== undefined)).toBe(true)
  await page.waitForLoadState('networkidle')
  // The portal's entry (with the element's light class in it) and at most Vite's preload helper, which the bundler
  // puts in a file of its own once enough lazy chunks share it: no React, no router, no console.
  const [entry, ...others] = scripts
  expect(entry).toBeTruthy()
  expect(others.filter((path) => !/\/preload-helper-[\w-]+\.js$/.test(path))).toEqual([])
  let bytes = 0
  for (const path of scripts) bytes += (await (await page.request.get(path)).body()).length
  expect(bytes).toBeLessThan(12_000)

  // The same portal on /ops loads the console when the element is placed.
  scripts.length = 0
  await page.goto('/ops/streams')
  await expect(page).toHaveURL(/\/signin/)
  expect(scripts.length).toBeGreaterThan(1)
})

test("the portal's hostile CSS does not reach the console, and the console's does not reach the portal", async ({ page }) => {
  // The portal's own elements on a page without the console…
  await page.goto('/signin')
  await signInThroughPortal(page)
  await expect(page).toHaveURL(/\/ops\/streams$/)
  await page.goto('/')
  const hostAlone = {
    header: await collectStyles(page, '.portal-header'),
    grid: await collectStyles(page, '#home .portal-grid'),
  }
  // …and the same elements with the console on the page, signed in, on its streams screen.
  await page.goto('/ops/streams')
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera', { timeout: 30_000 })
  expect(styleDifferences(hostAlone.header, await collectStyles(page, '.portal-header'))).toEqual([])
  expect(styleDifferences(hostAlone.grid, await collectStyles(page, '#ops .portal-grid'))).toEqual([])
  // gridstack's rules (which the console uses) would make the portal's .grid-stack relative; they do not.
  expect(await page.locator('#ops .portal-grid').evaluate((el) => getComputedStyle(el).position)).toBe('static')

  // The console under the portal's hostile sheet, then without it: equal property by property.
  // The element itself is the portal's to style; everything inside its shadow root must not change.
  const options = { skip: '.honu-stream--refreshing', includeRoot: false }
  const hostile = await collectStyles(page, 'honu-console', options)
  const hostileH1 = await page.locator('#ops > h1.portal-title').evaluate((el) => getComputedStyle(el).color)
  await page.evaluate(() => {
    const sheet = [...document.styleSheets].find((s) => s.href?.endsWith('/portal.css'))
    if (!sheet) throw new Error('portal.css is not on the page')
    sheet.disabled = true
  })
  // The sheet did style the portal (its h1 colour changes without it).
  expect(await page.locator('#ops > h1.portal-title').evaluate((el) => getComputedStyle(el).color)).not.toBe(hostileH1)
  const clean = await collectStyles(page, 'honu-console', options)
  expect(elementCount(clean)).toBeGreaterThan(40)
  expect(styleDifferences(clean, hostile)).toEqual([])
})

test("the console follows the portal's sign-out without a reload (the token provider's subscribe), and hands the user to the portal's sign-in", async ({
  page,
}) => {
  await page.goto('/signin?returnTo=%2Fops%2Fstreams')
  await signInThroughPortal(page)
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera', { timeout: 30_000 })
  // The event's detail, kept where the portal's navigation to its sign-in page does not wipe it.
  await page.evaluate(() =>
    document
      .querySelector('honu-console')!
      .addEventListener('sign-in-required', (e) => sessionStorage.setItem('test.asked', (e as CustomEvent<{ path: string }>).detail.path)),
  )
  // The portal signs out and drops the token (sets tokenProvider to undefined): the console notices at once.
  await page.getByRole('button', { name: 'Sign out of the portal' }).click()
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fops%2Fstreams$/)
  expect(await page.evaluate(() => sessionStorage.getItem('test.asked'))).toBe('/ops/streams')
})

const widget = (page: Page, name: string) => page.getByRole('group', { name })
const gridItem = (page: Page, name: string) => widget(page, name).locator('xpath=..')
const place = (item: Locator) =>
  item.evaluate((el) => ({
    x: Number(el.getAttribute('gs-x') ?? 0),
    y: Number(el.getAttribute('gs-y') ?? 0),
    w: Number(el.getAttribute('gs-w') ?? 1),
    h: Number(el.getAttribute('gs-h') ?? 1),
  }))

test("the dashboard inside the shadow root: the add-widget menu and the stream picker dialog, gridstack's drag and resize with the mouse", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 })
  await page.goto('/signin?returnTo=%2Fops%2Fstreams')
  await signInThroughPortal(page, 'wes@honu.test')
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera', { timeout: 30_000 })
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Video', exact: true }).click()
  const picker = page.getByRole('dialog', { name: /Choose a stream/ })
  await expect(picker).toBeVisible()
  expect(await shadowHas(page, '[role="dialog"]')).toBe(true)
  await picker.getByRole('radio', { name: 'Bow camera' }).check()
  await picker.getByRole('button', { name: 'Show stream' }).click()
  await expect(picker).toBeHidden()
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Map', exact: true }).click()
  await expect(widget(page, 'Map 1')).toBeVisible()
  await expect(widget(page, 'Video 1').locator('.honu-video')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  // Drag the map by its handle onto the video's column, a little way down: it lands below the video.
  const map = gridItem(page, 'Map 1')
  const start = await place(map)
  const handle = (await widget(page, 'Map 1').locator('.honu-grid-item__handle').boundingBox())!
  const video = (await widget(page, 'Video 1').boundingBox())!
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
  await page.mouse.down()
  await page.mouse.move(video.x + handle.width / 2, handle.y + 300, { steps: 15 })
  await page.mouse.up()
  const videoHeight = (await place(gridItem(page, 'Video 1'))).h
  await expect.poll(async () => (await place(map)).y).toBe(videoHeight)
  expect((await place(map)).x).toBeLessThan(start.x)

  // Resize it by its corner (gridstack's handle, styled by the scoped gridstack rules inside the shadow root).
  await map.hover()
  const corner = (await map.locator('.ui-resizable-se').boundingBox())!
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2)
  await page.mouse.down()
  await page.mouse.move(corner.x + 250, corner.y + 10, { steps: 15 })
  await page.mouse.up()
  await expect.poll(async () => (await place(map)).w).toBeGreaterThan(start.w)
})
