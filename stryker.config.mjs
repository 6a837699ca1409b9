// StrykerJS over one folder per run. `pnpm run mutation [folder…]` (scripts/mutation.mjs) runs it once per folder,
// each time in a snapshot of its own (the committed tree by default) with HONU_MUTATION_FOLDER (the folder's path),
// HONU_MUTATION_NAME (the reports' name) and HONU_MUTATION_REPORTS (where they go) set; docs/testing.md says what
// the scores mean. The tests each mutant meets are vitest.mutation.config.ts's.
// Run by hand (`pnpm exec stryker run`), without the script's folder, it mutates nothing, and never the checkout.
const folder = process.env.HONU_MUTATION_FOLDER
const name = process.env.HONU_MUTATION_NAME ?? 'stryker'
const reports = process.env.HONU_MUTATION_REPORTS ?? 'reports/mutation'

export default {
  packageManager: 'pnpm',
  plugins: ['@stryker-mutator/vitest-runner'],
  testRunner: 'vitest',
  // Of the unit tests, only the files that import the mutated files (all of them when the script says so).
  vitest: { configFile: 'vitest.mutation.config.ts', related: process.env.HONU_MUTATION_RELATED !== '0' },
  // Each mutant runs only the tests that reached it in the first, unmutated run.
  coverageAnalysis: 'perTest',
  mutate: folder ? [`${folder}/**/*.ts`, `!${folder}/**/*.test.ts`] : [],
  // The snapshot the script made is this run's alone: mutate it where it lies rather than copy it once more.
  inPlace: Boolean(folder),
  // A folder that no unit test imports (the server's access/) is no failure: the script runs it again with all tests.
  allowEmpty: true,
  // Two shared cores: one test process unless the caller asks for more (`--concurrency 2`).
  concurrency: Number(process.env.HONU_MUTATION_CONCURRENCY ?? 1),
  reporters: ['json', 'html', 'progress'],
  jsonReporter: { fileName: `${reports}/${name}.json` },
  htmlReporter: { fileName: `${reports}/${name}.html` },
  thresholds: { high: 80, low: 60, break: null },
}
