import { defineConfig } from 'tsup'
import { packageBuild } from '../../scripts/package-build.mjs'

export default defineConfig(
  packageBuild({
    entry: {
      index: 'src/index.ts',
      firebase: 'src/firebase/index.ts',
      flags: 'src/flags/index.ts',
      grid: 'src/grid/index.ts',
      testing: 'src/testing/index.ts',
      live: 'src/live/index.ts',
      query: 'src/query/index.ts',
      topology: 'src/topology/index.ts',
      mission: 'src/mission/index.ts',
    },
  }),
)
