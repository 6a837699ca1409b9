import { defineConfig } from 'tsup'

export default defineConfig({
  // `registry` on its own too: an app can import the widget list when a dashboard first needs it (the host app
  // does, after sign-in), which it cannot from the main entry it also imports statically.
  entry: { index: 'src/index.ts', registry: 'src/registry.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  external: ['react', 'react-dom', '@honu/core', '@honu/console-kit'],
})
