import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  // Read workspace packages from source, so the app runs without building them first.
  resolve: { conditions: ['@honu/source'] },
  build: { sourcemap: true },
})
