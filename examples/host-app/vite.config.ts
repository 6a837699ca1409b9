import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

// The API and, for the embedded stack, the Auth emulator.
const apiOrigins = ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://127.0.0.1:9099']

/**
 * A strict Content-Security-Policy (no unsafe-inline, no unsafe-eval) on the built app. Only the build gets it:
 * Vite's dev server injects an inline script for hot reload, which a strict policy would block.
 */
function strictCsp(): Plugin {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: https://www.gravatar.com ${apiOrigins.join(' ')}`,
    `connect-src 'self' ${apiOrigins.join(' ')}`,
    // Video: hls.js plays through MediaSource (blob:); files and MJPEG come from the API host; hls.js's worker is
    // served as a file of the app (never a blob: worker).
    `media-src 'self' blob: ${apiOrigins.join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
  return {
    name: 'honu-strict-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
    ],
  }
}

export default defineConfig({
  plugins: [react(), strictCsp()],
  // Read workspace packages from source, so the app runs without building them first.
  resolve: { conditions: ['@honu/source'] },
  build: {
    sourcemap: true,
    // The console, and a page embedding two independent consoles (proves their state stays apart).
    rollupOptions: { input: { main: 'index.html', two: 'two-consoles.html', lab: 'dashboard-lab.html' } },
  },
})
