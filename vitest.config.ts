import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace sources are read through the `@honu/source` export condition, so tests need no build. `resolve.conditions`
// reaches only Vite's client environment (the jsdom projects); files run in the `node` environment are resolved by the
// SSR environment, whose conditions are set apart (`ssr.resolve.conditions`, which replaces Vite's defaults, so they
// are kept). Without it the server project read `@honu/core` from packages/core/dist: a core change reached the
// server tests only after a build.
const resolve = { conditions: ['@honu/source'] }
const ssr = { resolve: { conditions: ['@honu/source', ...defaultServerConditions] } }

/**
 * Test files that replace a module (`vi.mock`). The other files of core and the React packages share one module
 * graph and one environment per worker (`isolate: false`): a jsdom per file cost the React project about 10 of its
 * 11 minutes on two cores. A module mock would leak into the files after it, so these run isolated, found by
 * reading the files rather than listed by hand.
 */
function filesThatMockModules(...roots: string[]): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path)
      } else if (/\.test\.tsx?$/.test(entry.name) && /\bvi\.(mock|doMock)\(/.test(readFileSync(path, 'utf8'))) found.push(path)
    }
  }
  for (const root of roots) walk(root)
  return found
}
/**
 * A bound for a test that hangs, not a speed check (Vitest's default is 5 s): with 4 workers on 2 cores beside a
 * package build, React tests that take half a second alone took 5 to 7 s and were cut off. Speed is measured by the
 * benchmarks, never here. (Projects do not inherit the root's test options, so each names it.)
 */
const testTimeout = 20_000

const coreMocking = filesThatMockModules('packages/core/src', 'packages/core/test').map((file) => file.replace(/^packages\/core\//, ''))
const reactMocking = filesThatMockModules('packages/console-kit/src', 'packages/console-react/src', 'packages/widgets/src')

export default defineConfig({
  resolve,
  test: {
    restoreMocks: true,
    // Vitest's default is a worker per core less one: one on 2 cores, and the run was one file at a time. Most of a
    // server test's time is spent waiting (sockets, timers, the emulator, PostgreSQL; each file starts servers of its
    // own on free ports with a database each), so 4 at once keep 2 cores busy: the server suite took 283 s with one
    // and 187 s with 4 here.
    maxWorkers: 4,
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'core',
          root: 'packages/core',
          // Node by default: proves core runs without a DOM. Grid tests opt into jsdom per file.
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.emulator.test.ts', ...coreMocking],
          isolate: false,
          testTimeout,
          restoreMocks: true,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'core-mocks',
          root: 'packages/core',
          environment: 'node',
          include: coreMocking,
          testTimeout,
          restoreMocks: true,
        },
      },
      {
        resolve,
        ssr,
        test: {
          // Adapters tested against the real Firebase Auth emulator.
          name: 'emulator',
          root: 'packages/core',
          environment: 'node',
          include: ['src/**/*.emulator.test.ts'],
          globalSetup: ['../../examples/reference-server/test/global-setup.ts'],
          testTimeout: 30_000,
          restoreMocks: true,
        },
      },
      {
        resolve,
        test: {
          name: 'react',
          root: '.',
          environment: 'jsdom',
          include: [
            'packages/console-kit/src/**/*.test.{ts,tsx}',
            'packages/console-react/src/**/*.test.{ts,tsx}',
            'packages/widgets/src/**/*.test.{ts,tsx}',
            'examples/host-app/*.test.ts',
          ],
          exclude: reactMocking,
          isolate: false,
          setupFiles: ['./test/react-setup.ts'],
          testTimeout,
          restoreMocks: true,
        },
      },
      {
        resolve,
        test: {
          name: 'react-mocks',
          root: '.',
          environment: 'jsdom',
          include: reactMocking,
          setupFiles: ['./test/react-setup.ts'],
          testTimeout,
          restoreMocks: true,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'server',
          root: 'examples/reference-server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One Firebase Auth emulator for the whole run, and one empty PGlite cluster the in-memory servers load.
          globalSetup: ['./test/global-setup.ts', './test/pglite-template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          restoreMocks: true,
        },
      },
    ],
  },
})
