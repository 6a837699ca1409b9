import { defineConfig, loadEnv } from 'vite'
import react from '@vitejs/plugin-react'
import { securityHeaders } from './security-headers.ts'

// HONU_APP_PORT and HONU_APP_DIST: `npm test` serves a second stack on free ports, built into a folder of its own,
// beside `npm start` on 5173 (scripts/serve.mjs sets both).
const port = Number(process.env.HONU_APP_PORT?.trim() || 5173)
const listen = { host: '127.0.0.1', port, strictPort: true }

export default defineConfig(({ mode, isPreview }) => ({
  plugins: [react()],
  server: listen,
  // Read workspace packages from source, so the app runs without building them first.
  resolve: { conditions: ['@honu/source'] },
  build: {
    outDir: process.env.HONU_APP_DIST?.trim() || 'dist',
    sourcemap: true,
    // No modulepreload polyfill (0.4 KB gzip on the login route): every browser the console supports (Chromium,
    // Firefox 115+, Safari 17+) preloads modules itself; the preload links Vite writes still apply.
    modulePreload: { polyfill: false },
    // The console alone. The two test pages (vite.pages.config.ts) are a second build into the same dist: built
    // together, the chunks the three pages share would split the login route into many more, larger, files.
    rollupOptions: {
      input: { main: 'index.html' },
      // Everything the console's page imports statically (what runs before the sign-in form shows) in its one entry
      // file: left to itself, rolldown split out what the lazy screens share with it (React, the preload helper,
      // the i18n hooks) into four more files the page preloads, 1.9 KB gzip more in all (scripts/measure-login-js.mjs).
      output: { codeSplitting: { groups: [{ name: 'main', tags: ['$initial'] }] } },
    },
  },
  // `vite preview` (the serve script) sends the strict CSP and the other security headers on every answer, built
  // now from the environment (VITE_HONU_API, HONU_FRAME_ANCESTORS, …) rather than frozen into the HTML at build
  // time. The dev server sends none: hot reload injects an inline script a strict policy would block.
  // (An empty prefix: loadEnv reads every variable, from .env files and the process, the latter winning.)
  preview: isPreview ? { ...listen, headers: securityHeaders(loadEnv(mode, '.', '')) } : listen,
}))
