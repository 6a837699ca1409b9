// How each package builds (its tsup.config.ts names its entries and calls packageBuild):
// - ESM, one file per source module: src/ mirrored under dist/esm/ (Rolldown, `preserveModules`, sourcemaps
//   beside), and each entry at the path it has always had, dist/<entry>.js, re-exporting its module, so
//   package.json's `import` targets do not change. An app's bundler that imports one export reaches only the
//   modules behind it and, by the package's `sideEffects`, leaves every other module out whole. (tsup wrote one
//   shared chunk, whose unused parts a bundler could drop only if each top-level call was marked pure and no
//   module-level value read a property.)
// - CommonJS (tsup, one file per entry as before) and the type declarations of both (tsup: .d.ts and .d.cts).
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
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

/** tsup's configs for a package: the declarations of both formats, and CommonJS followed by the ESM build. */
export function packageBuild({ entry, external = [], inPlace = [] }) {
  return [
    { entry, external, format: ['esm', 'cjs'], dts: { only: true }, clean: true },
    {
      entry,
      external,
      format: ['cjs'],
      sourcemap: true,
      // Everything but the declarations, which the first config writes at the same time.
      clean: ['!**/*.d.{ts,cts,mts}'],
      onSuccess: () => buildEsm(entry, { inPlace }),
    },
  ]
}
