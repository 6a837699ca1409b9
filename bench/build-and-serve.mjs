// What the browser benchmarks share: build a page and its Node part with Vite, serve the page, launch Chromium.
import { createServer } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { build } from 'vite'
import { chromium } from '@playwright/test'

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * Builds `dir`'s page (vite.config.ts there) and bundles `nodeEntry` of it for Node; answers the Node module, the
 * page's address and a close().
 */
export async function buildAndServe(dir, nodeEntry) {
  const configFile = join(dir, 'vite.config.ts')
  await build({ configFile })
  await build({ configFile, build: { ssr: join(dir, nodeEntry), outDir: join(dir, 'dist-node'), emptyOutDir: true } })
  const nodeModule = await import(join(dir, 'dist-node', nodeEntry.replace(/\.tsx?$/, '.js')))
  const root = join(dir, 'dist')
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(req.url.split('?')[0])
    const path = join(root, pathname === '/' ? 'index.html' : pathname)
    if (!path.startsWith(root) || !existsSync(path)) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { nodeModule, url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }
}

/** Debian's Chromium, as the browser tests use it (no download). */
export const launchChromium = (args = []) =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium', args: ['--no-sandbox', ...args] })
