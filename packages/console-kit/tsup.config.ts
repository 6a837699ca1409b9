import { defineConfig } from 'tsup'
import { packageBuild } from '../../scripts/package-build.mjs'

// Two entries: the whole contract, and `widget` (defineWidget and the contract's types) for a widget list that an
// app imports on its own. The React contexts live only in the main entry: a second CommonJS entry holding them
// would make a second copy (tsup splits ESM only), and a provider from one would not reach hooks of the other.

export default defineConfig(
  packageBuild({
    entry: { index: 'src/index.ts', widget: 'src/widget/index.ts' },
    external: ['react', 'react-dom', '@honu/core'],
  }),
)
