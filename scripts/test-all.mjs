// The whole test command: every check a well-kept library runs, then one closing line with the test count.
// Each step runs even if an earlier one failed (unless it needs that step's output), so one run shows
// everything that is wrong.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { appDistFolder, freeStackPortsEnv, freeTcpPortOtherThan } from './stack-ports.mjs'

const reportDir = 'test-results'
const reports = [`${reportDir}/vitest.json`, `${reportDir}/vitest-postgres.json`, `${reportDir}/vitest-storybook.json`]
for (const report of [...reports, `${reportDir}/playwright.json`]) rmSync(report, { force: true })
mkdirSync(reportDir, { recursive: true })
const postgresUrl = process.env.HONU_POSTGRES_URL?.trim()
if (postgresUrl && !/^postgres(ql)?:\/\//.test(postgresUrl)) {
  // A URL with anything before it is read by pg as relative to "postgres://base" and fails far from here.
  console.error(`HONU_POSTGRES_URL is not a postgres:// connection string: ${JSON.stringify(postgresUrl)}`)
  process.exit(1)
}

// The stack's ports (app, API, Auth emulator, MAVLink) are free ones chosen now, unless the environment names them:
// the emulator the unit tests start and the stack the browser tests start then never meet `npm start`'s.
const ports = await freeStackPortsEnv()
console.log(
  `Stack ports for this run: ${
    Object.entries(ports)
      .map(([name, port]) => `${name}=${port}`)
      .join(' ') || 'as set in the environment'
  }`,
)
// Where the stack builds the host app for its port (scripts/serve.mjs).
const stackAppDist = appDistFolder(Number(ports.HONU_APP_PORT ?? process.env.HONU_APP_PORT ?? 5173))
const env = { ...process.env, ...ports, STORYBOOK_DISABLE_TELEMETRY: '1', FORCE_COLOR: process.env.CI ? '0' : '1' }
// The unit tests start an Auth emulator of their own while the browser tests' stack runs one: a port apart.
const unitAuthPort = await freeTcpPortOtherThan(Object.values(ports).map(Number))

/**
 * Two lanes run at once. The browser lane is the run's longest path: build, host app, fixtures, then the browser
 * tests. The checks lane does the rest. Its Node tests that time themselves (`timed`: the unit and server tests, with
 * their timeouts and counted intervals) run first, beside the build and the fixtures' install, and the browser tests
 * start once they are done: a run that had them share 2 cores with three browsers failed 21 of them. Everything after
 * them runs beside the browser tests, niced, so the browsers get the CPU when they ask for it: the stories in their
 * own Chromium (first: while Playwright's serial project runs one browser, half the CPU is theirs), then the checks
 * that time nothing (the Storybook build, lint, format, knip, types, the package checks). With the stories among the
 * timed steps, the browser tests waited about 150 s for them with a core mostly idle, and the serial project's last
 * 3 minutes left 40 % of the CPU idle once the checks were done (vmstat in CI run 31). The checks lane prints each
 * step's output whole as it ends. A step runs even if an earlier one failed, unless it needs that step's output
 * (`gate`, or `afterBuild` and `afterPartners` in the checks lane); `afterBuildEnds` waits for the build either way.
 */
const browserLane = [
  { name: 'build packages', cmd: 'pnpm run build', gate: true },
  // Partner fixtures (examples/partner-*): the packages packed into tarballs (pnpm pack, as published) and installed
  // into each fixture with npm (scripts/partners.mjs).
  // Niced: the three installs run at once (a burst of unpacking) beside the timed unit and server tests.
  { name: 'partner fixtures: packed tarballs installed with npm', cmd: 'nice -n 10 node scripts/partners.mjs install --no-build', partners: true },
  // The whole stack in Debian's Chromium: Auth emulator, reference server, built app (see playwright.config.ts), and
  // the partner fixtures' own servers with their specs (e2e/partners) when they installed.
  {
    name: 'browser tests (Playwright, Chromium)',
    cmd: 'pnpm exec playwright test',
    browser: true,
    afterTimed: true,
    env: () => (partnersInstalled ? { HONU_PARTNERS: '1' } : {}),
  },
]
const checksLane = [
  // With PostgreSQL (CI: .ci/run starts Debian's and sets HONU_POSTGRES_URL) the server suite runs on it alone; without,
  // on PGlite with the rest. The embedded PGlite stays under test: the browser tests' stack runs on it, and the
  // server suite's database tests open PGlite themselves (read cache, ingest, migrations).
  {
    name: postgresUrl ? 'unit and integration tests (all but the server suite)' : 'unit and integration tests',
    cmd: `pnpm exec vitest run${postgresUrl ? " --project='!server'" : ''} --reporter=default --reporter=json --outputFile.json=${reports[0]}`,
    env: { HONU_AUTH_PORT: String(unitAuthPort) },
    timed: true,
  },
  postgresUrl
    ? {
        name: 'server tests on PostgreSQL',
        cmd: `pnpm exec vitest run --project server --reporter=default --reporter=json --outputFile.json=${reports[1]}`,
        env: { DATABASE_URL: postgresUrl, HONU_AUTH_PORT: String(unitAuthPort) },
        timed: true,
      }
    : { name: 'server tests on PostgreSQL (not run: set HONU_POSTGRES_URL, e.g. from scripts/start-postgres.sh)', cmd: 'true' },
  // Every story in headless Debian Chromium: renders, runs its play function, and axe finds nothing (vitest.storybook.config.ts).
  // Niced beside the serial browser tests: their bounds (5 s per query, 20 s per story) are for hangs, far from what
  // a story takes on a shared core.
  {
    name: 'stories as tests (play functions and axe, Chromium)',
    cmd: `pnpm run test:storybook --reporter=default --reporter=json --outputFile.json=${reports[2]}`,
  },
  // The static Storybook (what `npm run storybook` serves, built): the stories' tests above need none of it, so it
  // builds beside the browser tests, niced, with the checks that time nothing.
  { name: 'storybook builds', cmd: 'pnpm run build-storybook' },
  { name: 'lint', cmd: 'pnpm run lint' },
  // Prettier (.prettierrc.json); `npm run format` writes what it would change.
  { name: 'format (prettier --check)', cmd: 'pnpm run format:check' },
  // Each changeset parses and names packages of the workspace (.changeset/README.md). `changeset status` compares
  // against the base branch, which a detached or single-branch clone may lack: then main is made at HEAD first.
  { name: 'changesets (changeset status)', cmd: 'git show-ref -q --verify refs/heads/main || git branch -q main HEAD; pnpm exec changeset status' },
  // Dead files, exports and dependencies (knip.jsonc).
  { name: 'dead code (knip)', cmd: 'pnpm run knip' },
  // After the build, whose declarations are the packages' type check (tsc -b into node_modules/.cache/tsc): this
  // finds them up to date and checks the rest, rather than a second tsc writing the same files at once.
  { name: 'typecheck', cmd: 'pnpm run typecheck', afterBuildEnds: true },
  { name: 'core entries import in plain Node without React', cmd: 'node scripts/check-dist-imports.mjs', afterBuild: true },
  { name: 'publint and attw', cmd: 'pnpm run check:package', afterBuild: true },
  { name: 'size budgets', cmd: 'pnpm run size', afterBuild: true },
  // Issue 12's budget: the login route's initial JS (gzip) at most 2.0x an empty Vite React app, measured on the host
  // app the browser tests' stack built for its ports (scripts/serve.mjs; only the empty app is built here). A second
  // build of the host app for this alone cost about 40 CPU seconds of a run that keeps 2 cores busy.
  {
    name: 'login route JS budget (2.0x an empty Vite React app)',
    cmd: `node scripts/measure-login-js.mjs --budget 2.0 --no-build --dist examples/host-app/${stackAppDist}`,
    afterBuild: true,
  },
  // Each fixture's own checks: TypeScript 6 on the packages' CSS imports outside Vite, what npm ls holds… (once the
  // browser lane has installed them; a fixture that did not install is reported there).
  { name: 'partner fixtures: their checks (types, npm ls)', cmd: 'node scripts/partners.mjs check', afterPartners: true },
]

const results = new Map()
// A fixture that did not install must not stop the app's browser tests: the partners project then stays out.
let partnersInstalled = false
let buildDone
const built = new Promise((done) => (buildDone = done))
let partnersDone
const partnersReady = new Promise((done) => (partnersDone = done))
let timedDone
const timedTestsDone = new Promise((done) => (timedDone = done))
const started = Date.now()

async function runBrowserLane() {
  for (const step of browserLane) {
    if (step.afterTimed) await timedTestsDone
    const stepEnv = typeof step.env === 'function' ? step.env() : step.env
    console.log(`\n=== ${step.name}: ${stepEnv?.HONU_PARTNERS ? 'HONU_PARTNERS=1 ' : ''}${step.cmd}`)
    const result = await run(step, stepEnv, 'inherit')
    if (step.partners) partnersDone((partnersInstalled = result.ok))
    if (step.gate) buildDone(result.ok)
    if (step.browser) results.set(`${step.name} (partners)`, partnerBrowserCheck())
    if (!result.ok && step.gate) {
      console.error(`\n${step.name} failed; the steps after it need its output.`)
      partnersDone(false)
      return
    }
  }
}

async function runChecksLane() {
  // After the last timed step the browser tests start: what follows runs beside them, niced.
  const lastTimed = checksLane.findLastIndex((step) => step.timed)
  for (const [index, step] of checksLane.entries()) {
    if (step.afterBuild && !(await built)) continue
    if (step.afterBuildEnds) await built
    if (step.afterPartners && !(await partnersReady)) continue
    const result = await run(step, step.env, index > lastTimed ? 'niced' : 'pipe')
    console.log(`\n=== ${step.name} (checks lane, ${result.seconds} s): ${step.cmd}\n${result.output.trimEnd()}`)
    if (index === lastTimed) timedDone()
  }
  timedDone()
}

/** Runs one step: its output to this process's ('inherit') or kept for printing whole ('pipe', or 'niced' under `nice`). */
function run(step, stepEnv, stdio) {
  const begun = Date.now()
  return new Promise((done) => {
    const [command, args] = stdio === 'niced' ? ['nice', ['-n', '10', 'sh', '-c', step.cmd]] : [step.cmd, []]
    const child = spawn(command, args, {
      shell: stdio !== 'niced',
      stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...env, ...stepEnv },
    })
    const chunks = []
    child.stdout?.on('data', (c) => chunks.push(c))
    child.stderr?.on('data', (c) => chunks.push(c))
    child.on('close', (code) => {
      const result = { name: step.name, ok: code === 0, seconds: ((Date.now() - begun) / 1000).toFixed(1), output: Buffer.concat(chunks).toString() }
      results.set(step.name, result)
      done(result)
    })
  })
}

await Promise.all([runBrowserLane(), runChecksLane()])
const ordered = [...checksLane, ...browserLane].flatMap((step) => [results.get(step.name), results.get(`${step.name} (partners)`)]).filter(Boolean)

console.log('\n=== summary')
for (const r of ordered) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`)
console.log(`whole test command: ${((Date.now() - started) / 1000).toFixed(1)} s (the two lanes at once)`)

// The closing line counts tests; a failed check that is not a test (lint, budgets…) counts as one failure,
// and a run that executed no test at all counts as failed.
let passed = 0
let failedTests = 0
// Count, and name what failed, so the end of a CI log is enough to know where to look.
for (const file of reports.filter((file) => postgresUrl || file !== reports[1])) {
  if (!existsSync(file)) {
    console.log(`no report in ${file}: that run stopped before its tests (see its log above)`)
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  failedTests += report.numFailedTests
  for (const suite of report.testResults ?? []) {
    const failures = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
    for (const t of failures) console.log(`failed test: ${t.fullName} (${suite.name})\n  ${errorHead(t.failureMessages?.[0])}`)
    if (suite.status === 'failed' && failures.length === 0) console.log(`failed file: ${suite.name}\n  ${errorHead(suite.message)}`)
  }
}
const playwrightReport = `${reportDir}/playwright.json`
if (existsSync(playwrightReport)) {
  const { stats, suites } = JSON.parse(readFileSync(playwrightReport, 'utf8'))
  passed += stats.expected
  failedTests += stats.unexpected + stats.flaky + stats.skipped
  // Playwright skips a project whose dependency failed (the others after the serial one): not run is not passed.
  if (stats.skipped) console.log(`${stats.skipped} browser tests did not run (skipped), counted as failed`)
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((r) => r.error)?.error?.message
          console.log(`${test.status} browser test: ${[...path, spec.title].join(' > ')}\n  ${errorHead(error)}`)
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of suites ?? []) walk(suite, [suite.title])
}
const failedChecks = ordered.filter((r) => !r.ok).length
const failed = failedTests + failedChecks + (passed === 0 ? 1 : 0)
console.log(`\nchecks: ${ordered.length - failedChecks} passed, ${failedChecks} failed`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

/** The partner fixtures' browser tests as a check of their own in the summary, read from the Playwright report. */
function partnerBrowserCheck() {
  const name = 'partner fixtures in Chromium (e2e/partners)'
  const report = `${reportDir}/playwright.json`
  if (!partnersInstalled || !existsSync(report)) return { name: `${name}: not run, the fixtures did not install`, ok: false, seconds: '0.0' }
  let passedHere = 0
  let failedHere = 0
  let seconds = 0
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.projectName !== 'partners') continue
        if (test.status === 'expected') passedHere++
        else failedHere++
        for (const r of test.results ?? []) seconds += (r.duration ?? 0) / 1000
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite)
  return { name: `${name}: ${passedHere} passed, ${failedHere} failed`, ok: failedHere === 0 && passedHere > 0, seconds: seconds.toFixed(1) }
}

function errorHead(text) {
  // Enough of the message to tell a diff's received side (an axe violation's rule and target) without the trace.
  const lines = String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
  return lines
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 12)
    .join(' / ')
    .slice(0, 1500)
}
