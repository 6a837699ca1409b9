import { expect, test } from '@playwright/test'

// The reference app names its icon (Lighthouse's best-practices audit failed on the browser's 404 for /favicon.ico),
// served from the app itself under the strict CSP (img-src 'self').
test('the reference app has a favicon the CSP allows', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/login')
  const href = await page.locator('link[rel="icon"]').getAttribute('href')
  expect(href).toBe('/favicon.svg')
  const response = await page.request.get(href!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('image/svg+xml')
  // Loaded as an image by the page itself, under the page's policy (headless Chromium fetches no tab icon).
  const loaded = await page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const image = new Image()
        image.onload = () => resolve(image.naturalWidth > 0)
        image.onerror = () => resolve(false)
        image.src = src
      }),
    href!,
  )
  expect(loaded).toBe(true)
  expect(violations).toEqual([])
})
