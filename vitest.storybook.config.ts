import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

// Every story as a test in headless Chromium: it renders, its play function runs, and axe checks what it drew
// (`parameters.a11y.test = 'error'` in .storybook/preview.ts). Its own config, not a project of vitest.config.ts,
// so `vitest run` (the unit step, and everyone's quick runs) never starts a browser.
const dirname = path.dirname(fileURLToPath(import.meta.url))
// Debian's Chromium (installed by .ci/run), as in playwright.config.ts: no browser download.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

export default defineConfig({
  resolve: { conditions: ['@honu/source'] },
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
  // A run reads the tree once: no file watching, so an edit made during the run cannot reload a story mid-test.
  server: { watch: null },
  test: {
    name: 'storybook',
    restoreMocks: true,
    // A bound for a story that hangs, not a speed check (Vitest's default is 5 s, which a story's play function
    // passed on a loaded 2-core machine: 6.7 s for one that takes about 1 s alone).
    testTimeout: 20_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
