#!/usr/bin/env node
// Partner fixtures (examples/partner-*): fresh apps that install the packages as a partner would, from packed
// tarballs with npm, never through workspace links (they are not pnpm workspace members).
//   node scripts/partners.mjs pack               builds the packages, packs each publishable one into .partners/
//   node scripts/partners.mjs install            pack, then `npm install` in every fixture (what `npm test` runs)
//   node scripts/partners.mjs install --no-build the same on the packages' existing dist (the test command has
//                                                just built them)
//   node scripts/partners.mjs install --no-pack  only the installs, from the tarballs already in .partners/
//   node scripts/partners.mjs check              each fixture's own `check` script (type checks, npm ls assertions)
//   node scripts/partners.mjs list               the fixtures and their ports, as playwright.config.ts reads them
// A fixture is a folder examples/partner-<name> whose package.json names the tarballs by path
// ("@honu/core": "file:../../.partners/honu-core.tgz") and declares how it is served under "honuFixture"
// (see /docs/embedding.md "Embed the console" and readFixtures below).
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Where the tarballs go (gitignored), under stable names: `@honu/console-react` → `honu-console-react.tgz`. */
export const TARBALL_DIR = join(root, '.partners')

/**
 * The fixtures, read from examples/partner-*\/package.json:
 * `"honuFixture": { "port": 5181, "serve": "dev" | "preview", "allowed": true }`.
 * `serve: "dev"` runs `npm run dev -- --port <port>` (Vite's dev server, development mode); `"preview"` runs
 * `npm run build` first and then `npm run preview -- --port <port>`. `allowed: false` leaves the fixture's origin
 * out of the reference server's ALLOWED_ORIGINS (for a test of a refused origin).
 */
export function readFixtures() {
  const examples = join(root, 'examples')
  return readdirSync(examples, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('partner-') && existsSync(join(examples, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(examples, entry.name)
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
      const fixture = pkg.honuFixture ?? {}
      if (!Number.isInteger(fixture.port))
        throw new Error(`${entry.name}/package.json needs "honuFixture": { "port": <number>, "serve": "dev" | "preview" }`)
      return { name: entry.name, dir, port: fixture.port, serve: fixture.serve === 'preview' ? 'preview' : 'dev', allowed: fixture.allowed !== false }
    })
    .sort((a, b) => a.port - b.port)
}

/** The publishable packages (packages/* that are not private), in the order they depend on each other. */
function publishable() {
  const packages = join(root, 'packages')
  return readdirSync(packages)
    .filter((name) => existsSync(join(packages, name, 'package.json')))
    .map((name) => ({ dir: join(packages, name), pkg: JSON.parse(readFileSync(join(packages, name, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private)
}

export const tarballName = (packageName) => `${packageName.replace(/^@/, '').replace('/', '-')}.tgz`

function pack({ build }) {
  if (build) execFileSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  rmSync(TARBALL_DIR, { recursive: true, force: true })
  mkdirSync(TARBALL_DIR, { recursive: true })
  for (const { dir, pkg } of publishable()) {
    // pnpm pack rewrites workspace: and catalog: ranges into real ones, as `pnpm publish` would.
    const out = execFileSync('pnpm', ['pack', '--pack-destination', TARBALL_DIR, '--json'], { cwd: dir, encoding: 'utf8' })
    const { filename } = JSON.parse(out)
    renameSync(filename, join(TARBALL_DIR, tarballName(pkg.name)))
    console.log(`packed ${pkg.name} → .partners/${tarballName(pkg.name)}`)
  }
}

/**
 * Installs every fixture, all at once (a failing one does not stop the others). One after the other they took about
 * 100 s of a test command's longest path on 2 cores; npm's cache is safe to share between processes. Each fixture's
 * output is printed whole when it ends.
 */
async function install() {
  const results = await Promise.all(
    readFixtures().map((fixture) => {
      // The tarballs' contents change with every build while their names and versions stay: forget the installed
      // copies so npm unpacks the new ones. No package-lock.json: its integrity hashes would change on every build.
      rmSync(join(fixture.dir, 'node_modules', '@honu'), { recursive: true, force: true })
      rmSync(join(fixture.dir, 'node_modules', '.package-lock.json'), { force: true })
      rmSync(join(fixture.dir, 'node_modules', '.vite'), { recursive: true, force: true })
      const begun = Date.now()
      return npmAsync(fixture, ['install', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error']).then(({ ok, output }) => {
        const seconds = ((Date.now() - begun) / 1000).toFixed(1)
        console.log(`\n=== ${fixture.name}: npm install (tarballs from .partners/), ${seconds} s\n${output.trimEnd()}`)
        return ok ? undefined : fixture.name
      })
    }),
  )
  return results.filter(Boolean)
}

/** `npm <args>` in a fixture without blocking the others: whether it succeeded, and its output. */
function npmAsync(fixture, args) {
  return new Promise((done) => {
    const child = spawn('npm', args, {
      cwd: fixture.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    })
    const chunks = []
    child.stdout.on('data', (c) => chunks.push(c))
    child.stderr.on('data', (c) => chunks.push(c))
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (code) => done({ ok: code === 0, output: Buffer.concat(chunks).toString() }))
  })
}

/** Runs each fixture's own `check` script, where it has one (type checks, `npm ls` assertions). */
function check() {
  const failed = []
  for (const fixture of readFixtures()) {
    const { scripts = {} } = JSON.parse(readFileSync(join(fixture.dir, 'package.json'), 'utf8'))
    if (!scripts.check) continue
    console.log(`\n=== ${fixture.name}: npm run check (${scripts.check})`)
    if (!npm(fixture, ['run', 'check', '--silent'])) failed.push(fixture.name)
  }
  return failed
}

function npm(fixture, args) {
  try {
    execFileSync('npm', args, { cwd: fixture.dir, stdio: 'inherit', env: { ...process.env, npm_config_update_notifier: 'false' } })
    return true
  } catch {
    return false
  }
}

function exitWith(failed, what) {
  if (failed.length === 0) return
  console.error(`\n${what} failed: ${failed.join(', ')} (see above).`)
  process.exit(1)
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]
if (isMain) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'no-build': { type: 'boolean', default: false }, 'no-pack': { type: 'boolean', default: false } },
  })
  const command = positionals[0]
  if (command === 'pack') pack({ build: !values['no-build'] })
  else if (command === 'install') {
    if (!values['no-pack']) pack({ build: !values['no-build'] })
    exitWith(await install(), 'npm install')
  } else if (command === 'check') exitWith(check(), 'The check script')
  else if (command === 'list') {
    for (const f of readFixtures())
      console.log(`${f.name}\thttp://127.0.0.1:${f.port}\t${f.serve}${f.allowed ? '' : '\t(origin not allowed by the server)'}`)
  } else {
    console.error('usage: node scripts/partners.mjs pack|install|check|list [--no-build] [--no-pack]')
    process.exit(2)
  }
}
