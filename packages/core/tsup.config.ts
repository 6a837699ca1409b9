import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    firebase: 'src/firebase/index.ts',
    flags: 'src/flags/index.ts',
    grid: 'src/grid/index.ts',
    testing: 'src/testing/index.ts',
    live: 'src/live/index.ts',
    query: 'src/query/index.ts',
    topology: 'src/topology/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
})
