import { defineConfig } from 'vite'

// No React plugin: Vite compiles the JSX itself (React's automatic runtime). The app is React, Vite and the three
// tarballs, nothing else.
export default defineConfig({
  server: { host: '127.0.0.1', port: 5182, strictPort: true },
  preview: { host: '127.0.0.1', port: 5182, strictPort: true },
})
