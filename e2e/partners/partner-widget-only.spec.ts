import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../helpers'
import { API } from '../stack'

// examples/partner-widget-only: a team that wants only VideoPlayer. A Vite app (built, served by `vite preview`)
// that installs the packed @honu/core, @honu/console-kit and @honu/widgets with npm, plus React and Vite, signs
// in with the page's own form (Firebase Auth's REST API on the emulator) and shows one camera of the reference
// server.
const PAGE = 'http://127.0.0.1:5182'
const FIXTURE = join(import.meta.dirname, '../../examples/partner-widget-only')

/** Every installed package of the fixture, by `npm ls` (an optional peer that is not installed has no version). */
function installed(): Map<string, string> {
  // `npm ls` exits non-zero on a problem in the tree; its JSON is still printed, and the test wants the tree.
  let out: string
  try {
    out = execFileSync('npm', ['ls', '--all', '--json'], { cwd: FIXTURE, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch (error) {
    out = (error as { stdout: string }).stdout
  }
  const names = new Map<string, string>()
  const walk = (node: { dependencies?: Record<string, { version?: string; dependencies?: object }> }) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (!child.version) continue
      names.set(name, child.version)
      walk(child as never)
    }
  }
  walk(JSON.parse(out))
  return names
}

test('npm ls: the three packages and React, and no react-router, gridstack or console-react anywhere in the tree', () => {
  const names = installed()
  for (const name of ['@honu/core', '@honu/console-kit', '@honu/widgets', 'react', 'react-dom']) expect(names.has(name), name).toBe(true)
  expect([...names.keys()].filter((name) => /^(react-router|react-router-dom|gridstack|@honu\/console-react)$/.test(name))).toEqual([])
  // From the tarballs, not the registry (which has none of them) or a workspace link.
  const pkg = JSON.parse(readFileSync(join(FIXTURE, 'node_modules/@honu/widgets/package.json'), 'utf8')) as { dependencies: Record<string, string> }
  // The Map widget's libraries install with the package (loaded only with a map), and noVNC (loaded only with a
  // desktop); no router, no grid.
  const map = ['maplibre-gl', 'pmtiles', 'topojson-client', 'world-atlas']
  expect(Object.keys(pkg.dependencies).sort()).toEqual(['@honu/console-kit', '@honu/core', '@novnc/novnc', 'hls.js', 'lucide-react', ...map])
  expect(statSync(join(FIXTURE, 'node_modules/@honu/widgets')).isSymbolicLink()).toBe(false)
})

test('the page signs in with its own form and plays the seeded bow camera; the ID token goes in a header, never an address', async ({ page }) => {
  const apiRequests: { url: string; authorization?: string }[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(`${API}/`)) apiRequests.push({ url: request.url(), authorization: request.headers().authorization })
  })
  await page.goto(PAGE)
  await page.getByLabel('E-mail').fill('ada@honu.test')
  await page.getByLabel('Password').fill('honu-demo-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.locator('[data-user]')).toHaveText('ada@honu.test')

  const player = page.locator('.honu-video')
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
  await expect(page.getByLabel('Bow camera')).toBeVisible()
  // The picture moves: the video's clock advances while it plays.
  const time = () => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime)
  const first = await time()
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(first)

  // hls.js fetched the playlist and segments from the API with the viewer's token as a bearer header.
  const media = apiRequests.filter((r) => r.url.includes('/media/alpha/alpha-bow/'))
  expect(media.length).toBeGreaterThan(1)
  expect(media.every((r) => r.authorization?.startsWith('Bearer '))).toBe(true)
  const token = media[0]!.authorization!.slice('Bearer '.length)
  expect(apiRequests.filter((r) => r.url.includes(token))).toEqual([])
  await expectNoAxeViolations(page)
})

test('what the page costs: its entry JavaScript (React, the player, console-kit, core) gzipped; hls.js loads apart', async () => {
  const assets = join(FIXTURE, 'dist/assets')
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'))
  const gzip = (f: string) => gzipSync(readFileSync(join(assets, f))).length
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(FIXTURE, 'dist/index.html'), 'utf8'))![1]!
  const hls = files.filter((f) => f.startsWith('hls'))
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  test.info().annotations.push({ type: 'gzip', description: `entry JS ${kb(gzip(entry))}, hls.js chunk ${kb(hls.reduce((s, f) => s + gzip(f), 0))}` })
  // hls.js is not in the entry (the player imports it when it first plays HLS), and no code of the console's
  // screens, router or grid is anywhere in the build.
  expect(hls).toHaveLength(1)
  expect(entry).not.toMatch(/^hls/)
  const code = files.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n')
  expect(code).not.toMatch(/createConsoleRoutes|react-router|gridstack/)
})
