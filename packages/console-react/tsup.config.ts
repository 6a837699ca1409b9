import { defineConfig } from 'tsup'
import { packageBuild } from '../../scripts/package-build.mjs'

export default defineConfig(
  packageBuild({
    // The graph's layout worker is an entry too, built in place: the module that creates it with
    // `new URL('./graph-layout.worker.js', import.meta.url)` (a file of the app: worker-src 'self') finds it beside
    // itself under dist/esm/; dist/graph-layout.worker.js imports it.
    entry: {
      index: 'src/index.ts',
      widget: 'src/widget/index.ts',
      route: 'src/routes/console-route.ts',
      element: 'src/element/index.ts',
      'graph-layout.worker': 'src/screens/topology/graph/graph-layout.worker.ts',
    },
    inPlace: ['graph-layout.worker'],
    external: ['react', 'react-dom', '@honu/core'],
  }),
)
