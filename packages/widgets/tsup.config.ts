import { defineConfig } from 'tsup'
import { packageBuild } from '../../scripts/package-build.mjs'

export default defineConfig(
  packageBuild({
    // `registry` on its own too: an app can import the widget list when a dashboard first needs it (the host app
    // does, after sign-in), which it cannot from the main entry it also imports statically.
    entry: { index: 'src/index.ts', registry: 'src/registry.ts' },
    external: ['react', 'react-dom', '@honu/core', '@honu/console-kit'],
  }),
)
