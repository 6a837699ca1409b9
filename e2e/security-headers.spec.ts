import { expect, test, type Page } from '@playwright/test'
import { signIn } from './helpers'
import { API, APP } from './stack'

test('the app is served with a strict CSP header, framing refused, no sniffing, a trimmed Referer', async ({ request }) => {
  for (const path of ['/', '/streams', '/two-consoles.html']) {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    const headers = response.headers()
    const csp = headers['content-security-policy'] ?? ''
    expect(csp, `${path} has a CSP header`).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain(`connect-src 'self' ${API} `)
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
    // The policy comes from the header alone now: no build-time copy with other addresses in the page.
    expect(await response.text()).not.toContain('Content-Security-Policy')
  }
})

/**
 * Records every CSP violation: the `securitypolicyviolation` event, reported from the first script of every
 * document on, and Chromium's own "Refused to …" console lines. Also checks every document of the app it loads
 * carries the CSP header.
 */
async function watchCsp(page: Page) {
  const violations: string[] = []
  const documents: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  page.on('console', (message) => {
    if (/^CSP violation|Refused to/.test(message.text())) violations.push(message.text())
  })
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document' || !response.url().startsWith(APP)) return
    documents.push(response.url())
    expect(response.headers()['content-security-policy'], `${response.url()} has a CSP header`).toContain("frame-ancestors 'none'")
  })
  return { violations, documents }
}

/** Opens a screen by address and waits for its heading: its code and data loaded under the policy. */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path)
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

/** Shows a stream on the stream-view dashboard and waits until it plays. */
async function play(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).click()
  await expect(page.getByRole('group', { name }).locator('.honu-video')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
}

test.describe('every screen under the policy', () => {
  // Tiles off screen download nothing; this one is tall enough for the tiles these tests show.
  test.use({ viewport: { width: 1600, height: 1400 } })

  test('the watch sees a violation when there is one (an injected inline script is refused)', async ({ page }) => {
    const csp = await watchCsp(page)
    await page.goto('/login')
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.honuInlineRan = true'
      document.head.append(script)
    })
    await expect.poll(() => csp.violations.length).toBeGreaterThan(0)
    expect(csp.violations.join('\n')).toContain('script-src')
    expect(await page.evaluate(() => 'honuInlineRan' in window)).toBe(false)
  })

  test('signed out, and as a tenant admin on every network screen: 0 CSP violations', async ({ page }) => {
    test.setTimeout(120_000)
    const csp = await watchCsp(page)
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await page.goto('/auth/action?mode=resetPassword&oobCode=not-a-code')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto('/no/such/place')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

    await signIn(page, 'ada@honu.test')
    await expect(page).toHaveURL(/\/tenant$/)
    await page.getByRole('button', { name: /Alpha Harbour/ }).click()
    await expect(page).toHaveURL(/\/streams$/)
    await play(page, 'Bow camera')
    await visit(page, '/adminconsole', 'Admin console')
    await visit(page, '/collaboration', 'Collaboration')
    await visit(page, '/networktopology', 'Network topology')
    await visit(page, '/networktopology/networkgraph', 'Network graph')
    await visit(page, '/tenant', 'Choose a tenant')

    expect(csp.documents.length).toBeGreaterThanOrEqual(8)
    expect(csp.violations).toEqual([])
  })

  test('as the org-admin on every mission-planning screen and every kind of video: 0 CSP violations', async ({ page }) => {
    test.setTimeout(120_000)
    const csp = await watchCsp(page)
    await signIn(page, 'ops@honu.test')
    await expect(page).toHaveURL(/\/entrypoint$/)
    await page.getByRole('link', { name: /MissionPlanning/ }).click()
    await expect(page).toHaveURL(/\/orgselection$/)
    await page.getByRole('button', { name: 'Honu Ocean Operations' }).click()
    await expect(page).toHaveURL(/\/missionoperations$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mission operations' })).toBeVisible()
    await visit(page, '/missionreview', 'Mission review')
    await visit(page, '/usermanagement', /User management/i)
    await visit(page, '/entrypoint', 'Where to?')

    // Bravo has a source of every kind the player handles: HLS, WebRTC (WHEP), MJPEG and an MP4 clip.
    await page.goto('/tenant')
    await page.getByRole('button', { name: /Bravo Fleet/ }).click()
    await expect(page).toHaveURL(/\/streams$/)
    for (const name of ['Deck camera', 'ROV camera (WebRTC)', 'Crane camera (MJPEG)', 'Dock recording (MP4)']) await play(page, name)

    expect(csp.violations).toEqual([])
  })
})
