#!/usr/bin/env node
// Mutation testing (StrykerJS, stryker.config.mjs) over the folders whose tests guard access and addresses:
//   pnpm run mutation                      all six folders, one Stryker run each, in turn
//   pnpm run mutation cidr server-audit    some of them, by name, last segment or path
//   pnpm run mutation --working-tree       the files as they are in the checkout, uncommitted changes included
//   pnpm run mutation --at <ref>           the files of a commit (default HEAD)
//   pnpm run mutation --concurrency 2      two test processes (default one: the machines have two cores)
// Each run mutates a snapshot of the folder's package in a temporary folder, never the checkout, so editing while it
// runs changes nothing. Writes reports/mutation/<name>.json and .html (Stryker's reports), survivors-<name>.txt (every
// mutant no test caught: file:line:column, mutator, replacement) and summary.json, then prints a table per folder.
// Not part of `npm test`: it takes minutes per folder (docs/testing.md#mutation-testing).
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url))
const FOLDERS = [
  { name: 'core-cidr', path: 'packages/core/src/cidr' },
  { name: 'core-permissions', path: 'packages/core/src/permissions' },
  { name: 'core-topology', path: 'packages/core/src/topology' },
  { name: 'core-live', path: 'packages/core/src/live' },
  { name: 'server-access', path: 'examples/reference-server/src/access' },
  { name: 'server-audit', path: 'examples/reference-server/src/audit' },
]
/** What a snapshot of each package holds besides the package itself: the workspace files its tests read. */
const WORKSPACE_FILES = ['package.json', 'pnpm-workspace.yaml', 'tsconfig.base.json']
/** The tool's own files, always the checkout's, so a snapshot of an older commit runs with today's settings. */
const TOOL_FILES = ['stryker.config.mjs', 'vitest.mutation.config.ts', 'scripts/mutation-no-coverage.mjs']
const REPORTS = join(root, 'reports/mutation')

const { values: options, positionals } = parseArgs({
  // `pnpm run mutation -- --at x` hands the script a leading `--` (npm does not): options follow it all the same.
  args: process.argv.slice(2).filter((arg, i) => i > 0 || arg !== '--'),
  allowPositionals: true,
  options: {
    at: { type: 'string', default: 'HEAD' },
    'working-tree': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
if (options.help) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 11)
      .join('\n'),
  )
  process.exit(0)
}

const chosen = positionals.length === 0 ? FOLDERS : positionals.map(folderNamed)
const commit = options['working-tree'] ? null : git('rev-parse', '--verify', `${options.at}^{commit}`).trim()
const source = commit ? `commit ${commit.slice(0, 12)}` : 'the working tree'
mkdirSync(REPORTS, { recursive: true })

const results = []
for (const folder of chosen) {
  console.log(`\n=== mutation: ${folder.path} (${source})`)
  const started = Date.now()
  const report = join(REPORTS, `${folder.name}.json`)
  rmSync(report, { force: true })
  const snapshot = makeSnapshot(folder)
  let run = stryker(snapshot, folder, true)
  if (run.status === 0 && !existsSync(report)) {
    // Stryker stops without a report when no test file imports the folder (the server's access/). Once more with
    // every unit test, none of which reaches its code, so that the report lists each mutant as no coverage
    // (scripts/mutation-no-coverage.mjs).
    console.log(`mutation: no unit test imports ${folder.path}; running again with all of them, to list its mutants`)
    run = stryker(snapshot, folder, false)
  }
  rmSync(snapshot, { recursive: true, force: true })
  const minutes = (Date.now() - started) / 60_000
  if (run.status !== 0 || !existsSync(report)) {
    console.error(`mutation: Stryker failed on ${folder.path} (exit ${run.status ?? run.signal}); see its output above`)
    results.push({ ...folder, failed: true, minutes })
    continue
  }
  const tally = readReport(report, folder)
  results.push({ ...folder, date: new Date().toISOString(), source: commit ?? 'working tree', ...tally, minutes })
  console.log(`${folder.name}: score ${formatScore(tally.score)}, ${tally.survivors} survivors listed in ${tally.survivorsFile}`)
}

// summary.json keeps the latest run of every folder, each with its date and source, so a run of some folders updates
// their rows only.
const summaryFile = join(REPORTS, 'summary.json')
const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : {}
for (const r of results) summary[r.name] = r
writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`)
console.log(`\n=== mutation scores (${source})`)
console.log(table(results))
process.exit(results.some((r) => r.failed) ? 1 : 0)

function folderNamed(arg) {
  const wanted = arg.replace(/\/+$/, '')
  const found = FOLDERS.filter((f) => f.name === wanted || f.path === wanted || f.path.endsWith(`/${wanted}`) || f.name.endsWith(`-${wanted}`))
  if (found.length !== 1) {
    console.error(`mutation: no folder "${arg}"; one of ${FOLDERS.map((f) => f.name).join(', ')} (or its path)`)
    process.exit(2)
  }
  return found[0]
}

/** One Stryker run in `snapshot`; `related`: only the test files that import the folder's files. */
function stryker(snapshot, folder, related) {
  return spawnSync(join(root, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs'], {
    cwd: snapshot,
    stdio: 'inherit',
    env: {
      ...process.env,
      HONU_MUTATION_FOLDER: folder.path,
      HONU_MUTATION_NAME: folder.name,
      HONU_MUTATION_REPORTS: REPORTS,
      HONU_MUTATION_CONCURRENCY: options.concurrency,
      HONU_MUTATION_RELATED: related ? '1' : '0',
    },
  })
}

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' })
}

/**
 * A folder of its own holding the package of `folder` (and the workspace files) from the commit or the working tree,
 * with the checkout's node_modules linked in. Stryker mutates it in place.
 */
function makeSnapshot(folder) {
  const pkg = folder.path.split('/').slice(0, 2).join('/')
  const dir = join(tmpdir(), 'honu-mutation', folder.name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  if (commit) {
    const tar = `${dir}.tar`
    git('archive', '--format=tar', `--output=${tar}`, commit, '--', ...WORKSPACE_FILES, pkg)
    execFileSync('tar', ['-x', '-f', tar, '-C', dir])
    rmSync(tar)
  } else {
    for (const path of [...WORKSPACE_FILES, pkg]) {
      cpSync(join(root, path), join(dir, path), { recursive: true, filter: (from) => !/\/(node_modules|dist)$/.test(from) })
    }
  }
  for (const path of TOOL_FILES) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    cpSync(join(root, path), join(dir, path))
  }
  // The dependencies as installed. The package's own links to other workspace packages (the server's @honu/core)
  // still lead to the checkout, which is fine: only the folder's own files are mutated.
  for (const modules of ['node_modules', `${pkg}/node_modules`]) symlinkSync(join(root, modules), join(dir, modules))
  return dir
}

/** Counts of Stryker's JSON report (mutation-testing-report-schema), and the survivors written out one a line. */
function readReport(file, folder) {
  const { files } = JSON.parse(readFileSync(file, 'utf8'))
  const count = { mutants: 0, killed: 0, survived: 0, noCoverage: 0, timeout: 0, errors: 0, ignored: 0 }
  const survivors = []
  for (const [path, { mutants }] of Object.entries(files)) {
    for (const m of mutants) {
      count.mutants++
      if (m.status === 'Killed') count.killed++
      else if (m.status === 'Survived') count.survived++
      else if (m.status === 'NoCoverage') count.noCoverage++
      else if (m.status === 'Timeout') count.timeout++
      else if (m.status === 'Ignored') count.ignored++
      else count.errors++
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        const { line, column } = m.location.start
        const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').trim()
        survivors.push({ path, line, column, text: `${path}:${line}:${column}\t${m.status}\t${m.mutatorName}\t${clip(replacement)}` })
      }
    }
  }
  survivors.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.column - b.column)
  const survivorsFile = join(REPORTS, `survivors-${folder.name}.txt`)
  const header = `# ${folder.path} at ${source}: mutants no test caught (Survived: a test ran and passed; NoCoverage: no test reached it)\n`
  writeFileSync(survivorsFile, header + survivors.map((s) => `${s.text}\n`).join(''))
  // Stryker's score: caught (killed or timed out) over all valid mutants; compile and runtime errors and ignored ones
  // do not count.
  const valid = count.killed + count.timeout + count.survived + count.noCoverage
  const score = valid === 0 ? null : ((count.killed + count.timeout) / valid) * 100
  return { ...count, score, survivors: survivors.length, survivorsFile: survivorsFile.slice(root.length) }
}

function clip(text) {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}

function formatScore(score) {
  return score === null ? 'n/a' : `${score.toFixed(2)} %`
}

function table(rows) {
  const head = ['folder', 'mutants', 'killed', 'survived', 'no coverage', 'timeout', 'score', 'minutes']
  const body = rows.map((r) =>
    r.failed
      ? [r.path, 'failed', '', '', '', '', '', r.minutes.toFixed(1)]
      : [r.path, r.mutants, r.killed, r.survived, r.noCoverage, r.timeout, formatScore(r.score), r.minutes.toFixed(1)].map(String),
  )
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)))
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')
}
