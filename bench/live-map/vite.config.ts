import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The map page of the live-map benchmark, built against the packages' sources. maplibre-gl resolves to the copy
// the widgets package uses, so the DOM-marker baseline and the Map widget share one MapLibre module.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    conditions: ['@honu/source'],
    alias: { 'maplibre-gl': fileURLToPath(new URL('../../packages/widgets/node_modules/maplibre-gl', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  logLevel: 'warn',
})
