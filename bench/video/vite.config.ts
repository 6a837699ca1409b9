import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The tiles page of the video benchmark, and (with --ssr) the live media server bundled for Node.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@honu/source'] },
  ssr: { external: ['fastify'], resolve: { conditions: ['@honu/source'] } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  logLevel: 'warn',
})
