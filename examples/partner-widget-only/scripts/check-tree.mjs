// Run by the harness after `npm install` (scripts/partners.mjs): the installed tree holds the three packages and
// none of the console's own dependencies. Exits non-zero (failing the install step) when it does.
import { spawnSync } from 'node:child_process'

const FORBIDDEN = ['react-router', 'react-router-dom', 'gridstack', '@honu/console-react']
const REQUIRED = ['@honu/core', '@honu/console-kit', '@honu/widgets', 'react', 'react-dom']

/**
 * Every installed package in `npm ls --all --json`, at any depth. An optional peer that is not installed (core's
 * gridstack and firebase) is listed there too, as an empty entry: only entries with a version count.
 */
export function installedNames(cwd = process.cwd()) {
  // `npm ls` exits non-zero on any problem it sees (a tarball repacked since the install is "invalid"); its JSON is
  // printed all the same, and what this check is about is which packages are there.
  const run = spawnSync('npm', ['ls', '--all', '--json'], { cwd, encoding: 'utf8' })
  const tree = JSON.parse(run.stdout)
  for (const problem of tree.problems ?? []) console.warn(`npm ls: ${problem}`)
  const names = new Set()
  const walk = (node) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (!child.version) continue
      names.add(name)
      walk(child)
    }
  }
  walk(tree)
  return names
}

const names = installedNames()
const present = FORBIDDEN.filter((name) => names.has(name))
const missing = REQUIRED.filter((name) => !names.has(name))
if (present.length || missing.length) {
  if (present.length) console.error(`partner-widget-only: installed but must not be: ${present.join(', ')}`)
  if (missing.length) console.error(`partner-widget-only: not installed: ${missing.join(', ')}`)
  process.exit(1)
}
console.log(`partner-widget-only: ${names.size} packages installed, none of ${FORBIDDEN.join(', ')}`)
