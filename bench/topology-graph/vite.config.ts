import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The page of the topology-graph benchmark, built against the packages' sources (as the console builds them).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@honu/source'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000 },
  logLevel: 'warn',
})
