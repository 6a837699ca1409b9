import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The browser page of the grid benchmark, and (with --ssr) the same engines bundled for Node.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    conditions: ['@honu/source'],
    // React's profiling build, so <Profiler> counts commits in a production bundle.
    alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }],
  },
  ssr: { noExternal: true, resolve: { conditions: ['@honu/source'] } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  logLevel: 'warn',
})
