import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // The test's probe (src/hls-probe.ts): hls.js as the widgets import it, counting each instance's loads.
    // Not something a partner does; the rest of this app is.
    alias: [{ find: /^hls\.js$/, replacement: fileURLToPath(new URL('./src/hls-probe.ts', import.meta.url)) }],
  },
  // Every dependency pre-bundled at start: one the dev server discovers on the first visit of /ops would make it
  // re-bundle and reload the page.
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react-router',
      '@honu/core',
      '@honu/console-react',
      '@honu/console-react/route',
      '@honu/widgets',
      '@honu/widgets/registry',
      'hls.js/dist/hls.mjs',
    ],
  },
  server: { host: '127.0.0.1', port: 5181, strictPort: true },
})
