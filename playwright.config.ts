import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import { API, APP, AUTH } from './e2e/stack'

/**
 * Partner fixtures (examples/partner-*, installed from packed tarballs by `node scripts/partners.mjs install`), each
 * declared by `"honuFixture": { "port", "serve": "dev" | "preview", "allowed"? }` in its package.json. Their specs
 * are e2e/partners/*.spec.ts, run as the `partners` project when HONU_PARTNERS=1 (the test command sets it after
 * installing them), so a run of the app's specs alone needs no installed fixture.
 */
const partners = process.env.HONU_PARTNERS === '1'
const fixtures = readdirSync('examples', { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.startsWith('partner-') && existsSync(`examples/${d.name}/package.json`))
  .map((d) => {
    const { honuFixture } = JSON.parse(readFileSync(`examples/${d.name}/package.json`, 'utf8')) as {
      honuFixture?: { port: number; serve?: 'dev' | 'preview'; allowed?: boolean }
    }
    if (!honuFixture?.port) throw new Error(`examples/${d.name}/package.json has no "honuFixture": { "port": … }`)
    return { name: d.name, port: honuFixture.port, serve: honuFixture.serve ?? 'dev', allowed: honuFixture.allowed !== false }
  })
/** The tests that run alone, after the others: tagged @serial, or in a file that stops or hangs the server. */
const serial = [/@serial/, /\b(recovery|restart)\.spec\.ts\b/]

/** The reference app's origins and every fixture's that is not declared as refused. */
const allowedOrigins = [APP, APP.replace('127.0.0.1', 'localhost'), ...fixtures.filter((f) => f.allowed).map((f) => `http://127.0.0.1:${f.port}`)]

// Debian's Chromium (installed by .ci/run); Playwright downloads no browser here.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds the Vitest reports.
  outputDir: 'test-results/playwright',
  // A bound for a test that hangs, not a speed check: a map test took 16 s on an idle 2-core machine and 45 s on a
  // loaded one, and a CI run's 60 s cut one off (speed is measured by the benchmarks, never here).
  timeout: 90_000,
  expect: {
    timeout: 10_000,
    // Committed screenshots (e2e/visual.spec.ts) in one folder for every machine: no platform or project in the
    // name, so CI on Debian with the same Chromium compares against the files made here.
    toHaveScreenshot: { pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}' },
  },
  // What cannot share the stack runs first, one test at a time, in the `serial` project: tests tagged @serial (a fault
  // the server applies to every matching request, a source or vehicle cut off that another file watches, a tenant
  // renamed that another file names), and the files that stop or hang the server (whose in-memory database comes back
  // freshly seeded, so the others start on a fresh one). First, not last: one browser leaves most of 2 cores to the
  // test command's niced checks (lint, types…), and three files at a time after it keep both busy, where a serial
  // phase at the end found the checks done and half the CPU idle. Then three files at a time (tests within a file in
  // order): with three workers the browser tests alone keep 2 cores busy. The cost: a failed serial test skips the
  // others (Playwright skips a project whose dependency failed; `npm test` counts them as failed).
  fullyParallel: false,
  workers: 3,
  projects: [
    { name: 'serial', testIgnore: 'partners/**', grep: serial, workers: 1 },
    { name: 'app', testIgnore: 'partners/**', grepInvert: serial, dependencies: ['serial'] },
    ...(partners ? [{ name: 'partners', testDir: 'e2e/partners', dependencies: ['serial'] }] : []),
  ],
  retries: 0,
  // The JSON report feeds the test count of `npm test`.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: APP,
    // The reference app speaks the browser's language: pinned to US English unless a test asks for another.
    locale: 'en-US',
    // No trace unless asked for: one is recorded for every test, passing or not (a DOM snapshot per action, which the
    // browser serialises and the runner writes out), to keep only the failed ones. With the screencast it cost about
    // 40 % of the browser stage's time on 2 cores, and still 9 % without (dashboard and admin specs: 195 s with it,
    // 118 s with no trace, 129 s with a trace without screenshots, the same machine one run after the other). A failed
    // test keeps its screenshot and error; to see its trace, run it again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The whole embedded stack: Auth emulator, reference server (in-memory database, seeded), built app, on the ports
  // of e2e/stack.ts (free ones under `npm test`, so it runs beside `npm start`).
  webServer: [
    {
      command: 'node scripts/serve.mjs',
      url: APP,
      // A revoked session is refused on its next request (not up to 60 s later, the server's default bound).
      // A server that exits is restarted after 2 s (then 4, 8…): long enough for a browser test to see it down.
      env: {
        HONU_DATA_DIR: 'memory',
        HONU_MEDIA_TEST_CONTROLS: '1',
        // 40 of Delta Grid's 400 heartbeating devices (20 steady, 20 slow): its topology test still sees live changes,
        // and the stack idles at about a tenth of a core instead of a quarter (400 send about 100 requests a second).
        HONU_SIM_LARGE_TENANT_HEARTBEATS: '40',
        HONU_REVOCATION_CHECK_SECONDS: '0',
        HONU_RESTART_DELAY_MS: '2000',
        ALLOWED_ORIGINS: allowedOrigins.join(','),
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      // SIGTERM lets scripts/serve.mjs stop the emulator, server and app it started (each in its own group).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Each fixture on its own port: the Vite dev server (development mode, StrictMode's double effects) or a
    // production build served by `vite preview`.
    ...(partners ? fixtures : []).map((f) => ({
      command:
        f.serve === 'dev'
          ? `npm run dev -- --host 127.0.0.1 --port ${f.port} --strictPort`
          : `npm run build && npm run preview -- --host 127.0.0.1 --port ${f.port} --strictPort`,
      cwd: `examples/${f.name}`,
      url: `http://127.0.0.1:${f.port}`,
      // The fixtures reach the stack where this run put it (each reads VITE_HONU_API and VITE_HONU_AUTH).
      env: { VITE_HONU_API: API, VITE_HONU_AUTH: AUTH },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
  ],
})
