import { defineConfig } from 'vitest/config'

// Workspace sources are read through the `@honu/source` export condition, so tests need no build.
const resolve = { conditions: ['@honu/source'] }

export default defineConfig({
  resolve,
  test: {
    restoreMocks: true,
    projects: [
      {
        resolve,
        test: {
          name: 'core',
          root: 'packages/core',
          // Node by default: proves core runs without a DOM. Grid tests opt into jsdom per file.
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.emulator.test.ts'],
          restoreMocks: true,
        },
      },
      {
        resolve,
        test: {
          // Adapters tested against the real Firebase Auth emulator.
          name: 'emulator',
          root: 'packages/core',
          environment: 'node',
          include: ['src/**/*.emulator.test.ts'],
          globalSetup: ['../../examples/reference-server/test/global-setup.ts'],
          testTimeout: 30_000,
          restoreMocks: true,
        },
      },
      {
        resolve,
        test: {
          name: 'react',
          root: '.',
          environment: 'jsdom',
          include: ['packages/console-kit/src/**/*.test.{ts,tsx}', 'packages/console-react/src/**/*.test.{ts,tsx}', 'packages/widgets/src/**/*.test.{ts,tsx}', 'examples/host-app/*.test.ts'],
          setupFiles: ['./test/react-setup.ts'],
          restoreMocks: true,
        },
      },
      {
        resolve,
        test: {
          name: 'server',
          root: 'examples/reference-server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One Firebase Auth emulator for the whole run.
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          restoreMocks: true,
        },
      },
    ],
  },
})
