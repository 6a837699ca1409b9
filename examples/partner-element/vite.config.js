import { defineConfig } from 'vite'

// The API and the Auth emulator the fixture talks to (the test stack's).
const API = process.env.VITE_HONU_API ?? 'http://127.0.0.1:8080'
const AUTH = process.env.VITE_HONU_AUTH ?? 'http://127.0.0.1:9099'

/**
 * A strict policy: no 'unsafe-inline' (the console's styles are constructed stylesheets adopted by its shadow
 * root, never <style> elements), no 'unsafe-eval', and workers only from the portal's own files (hls.js's worker
 * is one, named with setVideoDefaults in src/main.js).
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  `img-src 'self' data: ${API}`,
  // The live channel (vehicle telemetry) is a WebSocket to the API: an http: source does not cover ws:.
  `connect-src 'self' ${API} ${API.replace(/^http/, 'ws')} ${AUTH}`,
  `media-src 'self' blob: ${API}`,
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const headers = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' }

export default defineConfig({
  server: { host: '127.0.0.1', port: 5183, strictPort: true, headers },
  preview: { host: '127.0.0.1', port: 5183, strictPort: true, headers },
})
