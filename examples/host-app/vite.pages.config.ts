import { defineConfig, type UserConfig } from 'vite'
import app from './vite.config.ts'

// The host app's two test pages: two independent consoles on one page (proves their state stays apart), and the
// dashboard lab. The `build` script runs this after the console's build (vite.config.ts), into the same dist
// without emptying it, so the console's own chunks are not shaped by what these pages share with it.
// The dev server and `vite preview` use vite.config.ts and serve these pages too (dev from source, preview from dist).
export default defineConfig((env) => {
  const config = app(env) as UserConfig
  return {
    ...config,
    build: {
      ...config.build,
      emptyOutDir: false,
      rollupOptions: { input: { two: 'two-consoles.html', lab: 'dashboard-lab.html' } },
    },
  }
})
