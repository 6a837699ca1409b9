import { defineConfig } from 'tsup'

// Code splitting puts every module that the entry and the lazy screens share into one ESM chunk: the provider and
// hooks, and also the dashboard (a public export that the screens render). An app importing only the provider
// loads that chunk too, and its bundler can drop the unused parts only when their top-level code has no side
// effects. A top-level call such as `memo(…)` or `createContext(…)` counts as one unless marked `/* @__PURE__ */`,
// and so does a property read (`PATHS.login` in a module-level table), which no mark can clear (esbuild, which
// size-limit runs, even keeps every such statement of a module that a dynamic `import()` reaches). So each
// top-level call in src is marked pure, module-level values read no properties, and the minimal budget in
// .size-limit.json fails when one slips.

export default defineConfig({
  // The graph's layout worker is an entry of its own, so `dist/graph-layout.worker.js` sits next to the chunk that
  // creates it with `new URL('./graph-layout.worker.js', import.meta.url)` (a file of the app: worker-src 'self').
  entry: {
    index: 'src/index.ts',
    widget: 'src/widget/index.ts',
    route: 'src/routes/console-route.ts',
    element: 'src/element/index.ts',
    'graph-layout.worker': 'src/screens/topology/graph/graph-layout.worker.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  external: ['react', 'react-dom', '@honu/core'],
})
