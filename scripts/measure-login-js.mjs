// The login route's initial JavaScript (gzip) beside an empty Vite React app built in the same run.
// "Initial" = the entry script and the modules it preloads, as index.html lists them: what the browser fetches
// before the login form can render. Run: node scripts/measure-login-js.mjs
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

function initialJs(distDir, html = 'index.html') {
  const page = readFileSync(join(distDir, html), 'utf8')
  const files = [...page.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1])
  let raw = 0
  let gzip = 0
  for (const file of new Set(files)) {
    const body = readFileSync(join(distDir, file))
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { files: files.length, raw, gzip }
}

execSync('pnpm exec vite build bench/empty-vite-react --outDir ../../test-results/empty-vite-react --emptyOutDir', { stdio: 'inherit' })
execSync('pnpm --filter @honu/host-app run build', { stdio: 'ignore' })
const baseline = initialJs('test-results/empty-vite-react')
const login = initialJs('examples/host-app/dist')
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
console.log('\n| app | JS files | raw | gzip | gzip ratio to baseline |')
console.log('|---|---|---|---|---|')
console.log(`| empty Vite React app (baseline) | ${baseline.files} | ${kb(baseline.raw)} | ${kb(baseline.gzip)} | 1.00 |`)
console.log(`| console, /login | ${login.files} | ${kb(login.raw)} | ${kb(login.gzip)} | ${(login.gzip / baseline.gzip).toFixed(2)} |`)
