import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * The tests StrykerJS runs against each mutant (`pnpm run mutation`, stryker.config.mjs, docs/testing.md): only the
 * fast unit tests, with nothing to start. Stryker sets HONU_MUTATION_FOLDER to the folder it mutates; a folder of
 * packages/core gets core's unit tests (as Vitest's `core` project in vitest.config.ts, but isolated per file, so a
 * mutant that acts at import is loaded afresh), a folder of the reference server gets the server's colocated unit
 * tests that need neither the Auth emulator nor the integration harness of examples/reference-server/test/. Of
 * those, Stryker runs only the files that import the mutated files (`vitest.related`), and per mutant only the tests
 * that reached it (per-test coverage).
 */
const resolve = { conditions: ['@honu/source'] }
const folder = process.env.HONU_MUTATION_FOLDER ?? 'packages/core'

/** Test files under `dir` whose source matches `pattern`, relative to `dir`. */
function testFilesMatching(dir: string, pattern: RegExp): string[] {
  const found: string[] = []
  const walk = (at: string) => {
    for (const entry of readdirSync(join(dir, at), { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.test\.ts$/.test(entry.name) && pattern.test(readFileSync(join(dir, path), 'utf8'))) found.push(path)
    }
  }
  walk('src')
  return found
}

// A run's snapshot holds only its own package (scripts/mutation.mjs): each project is read only when chosen.
const core = () => ({
  name: 'core',
  root: 'packages/core',
  environment: 'node',
  include: ['src/**/*.test.ts'],
  // Emulator tests need the Auth emulator; files that mock modules run in the `core-mocks` project, and none of
  // them tests a folder that is mutated.
  exclude: ['**/*.emulator.test.ts', ...testFilesMatching('packages/core', /\bvi\.(mock|doMock)\(/)],
})

const server = () => ({
  name: 'server-unit',
  root: 'examples/reference-server',
  environment: 'node',
  include: ['src/**/*.test.ts'],
  // A colocated test that imports the integration harness (the Auth emulator, the test server) is an integration test.
  exclude: testFilesMatching('examples/reference-server', /from '(\.\.\/)+test\//),
  // As the `server` project: PGlite's start in a busy worker can take longer than Vitest's default 10 s.
  testTimeout: 30_000,
  hookTimeout: 60_000,
})

export default defineConfig({
  resolve,
  test: {
    ...(folder.startsWith('examples/reference-server/') ? server() : core()),
    isolate: true,
    restoreMocks: true,
    // The second run of a folder no test imports (scripts/mutation.mjs) records that no test reached it.
    setupFiles: process.env.HONU_MUTATION_RELATED === '0' ? [join(process.cwd(), 'scripts/mutation-no-coverage.mjs')] : [],
  },
})
