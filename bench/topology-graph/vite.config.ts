import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The page of the topology-graph benchmark, built against the packages' sources (as the console builds them);
// unminified under BENCH_PROFILE, so a profile names the functions.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@honu/source'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, minify: !process.env.BENCH_PROFILE, chunkSizeWarningLimit: 4000 },
  logLevel: 'warn',
})
