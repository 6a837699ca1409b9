import { defineConfig } from 'tsup'

// Two entries: the whole contract, and `widget` (defineWidget and the contract's types) for a widget list that an
// app imports on its own. The React contexts live only in the main entry: a second CommonJS entry holding them
// would make a second copy (tsup splits ESM only), and a provider from one would not reach hooks of the other.
// As in console-react, every top-level call in src is marked pure so a bundler keeps only what an app imports.

export default defineConfig({
  entry: { index: 'src/index.ts', widget: 'src/widget/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  external: ['react', 'react-dom', '@honu/core'],
})
