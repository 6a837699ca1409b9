import { defineConfig } from '@playwright/test'

// Debian's Chromium (installed by .ci/run); Playwright downloads no browser here.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds the Vitest reports.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Committed screenshots (e2e/visual.spec.ts) in one folder for every machine: no platform or project in the
    // name, so CI on Debian with the same Chromium compares against the files made here.
    toHaveScreenshot: { pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}' },
  },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report feeds the test count of `npm test`.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: 'http://127.0.0.1:5173',
    // The reference app speaks the browser's language: pinned to US English unless a test asks for another.
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // The whole embedded stack: Auth emulator, reference server (in-memory database, seeded), built app.
  webServer: {
    command: 'node scripts/serve.mjs',
    url: 'http://127.0.0.1:5173',
    // A revoked session is refused on its next request (not up to 60 s later, the server's default bound).
    // A server that exits is restarted after 2 s (then 4, 8…): long enough for a browser test to see it down.
    env: { HONU_DATA_DIR: 'memory', HONU_MEDIA_TEST_CONTROLS: '1', HONU_REVOCATION_CHECK_SECONDS: '0', HONU_RESTART_DELAY_MS: '2000' },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // SIGTERM lets scripts/serve.mjs stop the emulator, server and app it started (each in its own group).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
