// How each package builds (its tsup.config.ts names its entries and calls packageBuild):
// - ESM, one file per source module: src/ mirrored under dist/esm/ (Rolldown, `preserveModules`, sourcemaps
//   beside), and each entry at the path it has always had, dist/<entry>.js, re-exporting its module, so
//   package.json's `import` targets do not change. An app's bundler that imports one export reaches only the
//   modules behind it and, by the package's `sideEffects`, leaves every other module out whole. (tsup wrote one
//   shared chunk, whose unused parts a bundler could drop only if each top-level call was marked pure and no
//   module-level value read a property.)
// - CommonJS (tsup, one file per entry as before).
// - The type declarations of both, from the type check's own emit (buildDeclarations below) rather than tsup's `dts`,
//   which compiled each package a second time to bundle them: about 145 of the build's 150 CPU seconds.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { build } from 'rolldown'

/**
 * The ESM build of the package in `root`. `entry` is tsup's entry map (output name → source file under src/): each
 * entry is written to dist/<name>.js, every other module to dist/esm/ at its path under src/. `inPlace` names
 * entries whose module must sit at its own path under dist/esm/ instead (a worker that the module creating it
 * finds beside itself); dist/<name>.js then only imports it.
 * Every dependency and peer dependency of the package, and their subpaths, stays an import.
 */
export async function buildEsm(entry, { inPlace = [], root = process.cwd() } = {}) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
  const external = (id) => names.some((name) => id === name || id.startsWith(`${name}/`))
  const src = join(root, 'src')
  const dist = join(root, 'dist')
  const modulePath = (source) => relative(src, join(root, source)).replace(/\.tsx?$/, '')
  const input = Object.fromEntries(
    Object.entries(entry).map(([name, source]) => [inPlace.includes(name) ? `esm/${modulePath(source)}` : name, join(root, source)]),
  )
  const entryNames = new Set(Object.keys(input))
  await build({
    cwd: root,
    input,
    external,
    platform: 'neutral',
    // Imports stay imports (no constant inlined from another module, which would leave a bare `import './x.js'`
    // behind): the app's bundler inlines them.
    optimization: { inlineConst: false },
    logLevel: 'warn',
    output: {
      dir: dist,
      format: 'esm',
      preserveModules: true,
      preserveModulesRoot: src,
      entryFileNames: (chunk) => (chunk.isEntry && entryNames.has(chunk.name) ? '[name].js' : 'esm/[name].js'),
      sourcemap: true,
    },
  })
  for (const name of inPlace) writeFileSync(join(dist, `${name}.js`), `import './esm/${modulePath(entry[name])}.js'\n`)
}

/**
 * The declarations of the package in `root`, for both formats, under dist/types/: one file per source module that an
 * entry reaches, as the type check writes it (`tsc -b tsconfig.check.json`, whose output under
 * node_modules/.cache/tsc/<package> the root typecheck then finds up to date), with each relative import given the
 * extension Node's resolution needs: `.d.ts` files importing `./x.js` for `import`, `.d.cts` twins importing `./x.cjs`
 * for `require`. Each entry gets dist/<entry>.d.ts and .d.cts re-exporting its module, the paths package.json names.
 */
export function buildDeclarations(entry, { inPlace = [], root = process.cwd() } = {}) {
  const checkConfig = join(root, 'tsconfig.check.json')
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  execFileSync(process.execPath, [tsc, '-b', checkConfig], { cwd: root, stdio: 'inherit' })
  const { compilerOptions } = readJsonc(checkConfig)
  const emitted = join(root, compilerOptions.outDir, 'src')
  const types = join(root, 'dist/types')
  rmSync(types, { recursive: true, force: true })

  const written = new Set()
  const pending = Object.entries(entry)
    .filter(([name]) => !inPlace.includes(name))
    .map(([, source]) => relative(join(root, 'src'), join(root, source)).replace(/\.tsx?$/, ''))
  while (pending.length > 0) {
    const modulePath = pending.pop()
    if (written.has(modulePath)) continue
    written.add(modulePath)
    const file = join(emitted, `${modulePath}.d.ts`)
    if (!existsSync(file)) throw new Error(`${relative(root, file)}: no declarations emitted for src/${modulePath}`)
    const text = readFileSync(file, 'utf8')
    const specifiers = new Map()
    // Written by hand in single quotes, or by TypeScript in double quotes (an inferred `import("./x").T`); `..` too.
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\1/gm)) {
      const specifier = match[2]
      if (specifiers.has(specifier)) continue
      const target = [specifier, `${specifier}/index`].map((s) => join(dirname(modulePath), s)).find((s) => existsSync(join(emitted, `${s}.d.ts`)))
      if (target === undefined) {
        // Only a comment may name what has no declarations (`import css from './area.css?inline'` in a doc comment).
        const line = text.slice(text.lastIndexOf('\n', match.index) + 1, match.index)
        if (/^\s*(\*|\/\/)/.test(line)) continue
        throw new Error(`src/${modulePath}: '${specifier}' has no declarations under ${relative(root, emitted)}`)
      }
      specifiers.set(specifier, relative(dirname(modulePath), target).replace(/^(?!\.)/, './'))
      pending.push(target)
    }
    const withExtension = (extension) =>
      text.replace(/(['"])(\.{1,2}(?:\/[^'"]*)?)\1/g, (whole, quote, specifier) =>
        specifiers.has(specifier) ? `${quote}${specifiers.get(specifier)}${extension}${quote}` : whole,
      )
    mkdirSync(dirname(join(types, modulePath)), { recursive: true })
    writeFileSync(join(types, `${modulePath}.d.ts`), withExtension('.js'))
    writeFileSync(join(types, `${modulePath}.d.cts`), withExtension('.cjs'))
  }

  for (const [name, source] of Object.entries(entry)) {
    if (inPlace.includes(name)) continue
    const modulePath = relative(join(root, 'src'), join(root, source)).replace(/\.tsx?$/, '')
    const hasDefault = /^export default |\bas default\b/m.test(readFileSync(join(types, `${modulePath}.d.ts`), 'utf8'))
    for (const [extension, js] of [
      ['d.ts', 'js'],
      ['d.cts', 'cjs'],
    ]) {
      const from = `'./types/${modulePath}.${js}'`
      writeFileSync(join(root, 'dist', `${name}.${extension}`), `export * from ${from}\n${hasDefault ? `export { default } from ${from}\n` : ''}`)
    }
  }
}

/** A tsconfig file's JSON (comments allowed, as TypeScript reads it). */
function readJsonc(file) {
  return JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, ''))
}

/** tsup's config for a package: CommonJS, then the ESM build and the declarations of both. */
export function packageBuild({ entry, external = [], inPlace = [] }) {
  return [
    {
      entry,
      external,
      format: ['cjs'],
      sourcemap: true,
      clean: true,
      onSuccess: async () => {
        await buildEsm(entry, { inPlace })
        buildDeclarations(entry, { inPlace })
      },
    },
  ]
}
