import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import honuLayers from './scripts/eslint-layers.js'

const domGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({
  name,
  message: `@honu/core must not touch "${name}" at import: go through platform/ (injected adapters) so core runs on a server and two consoles never share state.`,
}))

const coreBannedPaths = [
  { name: 'react', message: '@honu/core is framework-agnostic: React belongs in @honu/console-react.' },
  { name: 'react-dom', message: '@honu/core is framework-agnostic: React belongs in @honu/console-react.' },
  { name: '@honu/console-react', message: 'core sits below the React package, never the other way round.' },
  { name: '@honu/widgets', message: 'core sits below the widgets package.' },
  { name: 'zustand', message: 'Use zustand/vanilla in core: the root entry pulls React in.' },
]
const reactPattern = { group: ['react/*', 'react-dom/*'], message: '@honu/core must not import React.' }

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-node/**',
      'examples/host-app/dist-*/**',
      '**/fixtures/**',
      'test-results/**',
      '**/node_modules/**',
      'storybook-static/**',
      '**/*.d.ts',
      '**/.data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // CommonJS scripts (the fixture generator loads ffmpeg.wasm, which is CommonJS only).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      // Library code may warn or report errors, never chat on the console.
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: coreBannedPaths, patterns: [reactPattern] }] },
  },
  {
    // Each package's folders on floors, each importing only from the ones below it (scripts/eslint-layers.js).
    // Tests, stories and fixtures may reach anywhere.
    files: ['packages/{core,console-kit,console-react,widgets}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*', '**/__fixtures__/**'],
    plugins: { honu: honuLayers },
    rules: { 'honu/layers': 'error' },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/platform/**', 'packages/core/src/grid/**', '**/*.test.ts'],
    rules: { 'no-restricted-globals': ['error', ...domGlobals] },
  },
  {
    // Optional peers stay behind their own entry points.
    files: ['packages/core/src/**/*.ts'],
    // firebase/ and grid/ are the two places that may load their optional peer (grid: inside mount()).
    ignores: ['packages/core/src/firebase/**', 'packages/core/src/grid/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: coreBannedPaths,
          patterns: [
            reactPattern,
            { group: ['firebase', 'firebase/*', '@firebase/*'], message: 'firebase is an optional peer: only src/firebase/ may import it.' },
            { group: ['gridstack', 'gridstack/*'], message: 'gridstack is an optional peer: only src/grid/ may load it, inside mount().' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/grid/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: coreBannedPaths,
          patterns: [
            reactPattern,
            { group: ['firebase', 'firebase/*', '@firebase/*'], message: 'firebase is an optional peer: only src/firebase/ may import it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/console-react/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@honu/widgets', message: 'console-react must not depend on widgets; widgets build on it.' }],
          patterns: [
            { group: ['@honu/core/src/*', '**/core/src/*'], message: 'Import @honu/core through its public entries.' },
            { group: ['@honu/console-kit/src/*', '**/console-kit/src/*'], message: 'Import @honu/console-kit through its public entries.' },
          ],
        },
      ],
    },
  },
  {
    // The contract widgets install alone: React, @honu/core and small libraries; never the router or the grid engine.
    files: ['packages/console-kit/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@honu/console-react', message: 'console-kit sits below console-react, never the other way round.' },
            { name: '@honu/widgets', message: 'console-kit must not depend on widgets; widgets build on it.' },
          ],
          patterns: [
            {
              group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'],
              message: 'console-kit installs without react-router: routes belong in @honu/console-react.',
            },
            {
              group: ['gridstack', 'gridstack/*'],
              message: 'console-kit installs without gridstack: the grid belongs in @honu/console-react and @honu/core/grid.',
            },
            { group: ['@honu/core/src/*', '**/core/src/*', '**/console-react/src/*'], message: 'Use public entries.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/widgets/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@honu/*/src/*', '**/core/src/*', '**/console-react/src/*', '**/console-kit/src/*'], message: 'Use public entries.' },
            { group: ['@honu/host-app', '**/host-app/*'], message: 'Widgets never depend on the host app.' },
          ],
        },
      ],
    },
  },
  {
    // Widgets install with React, @honu/core and @honu/console-kit only (console-react is a devDependency, for
    // the dashboard stories).
    files: ['packages/widgets/src/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@honu/console-react', message: 'Widgets install without the console: import the contract from @honu/console-kit.' },
            { name: '@honu/console-react/widget', message: 'Import the widget contract from @honu/console-kit/widget.' },
          ],
          patterns: [
            { group: ['@honu/*/src/*', '**/core/src/*', '**/console-react/src/*', '**/console-kit/src/*'], message: 'Use public entries.' },
            { group: ['@honu/host-app', '**/host-app/*'], message: 'Widgets never depend on the host app.' },
            {
              group: ['react-router', 'react-router/*', 'react-router-dom', 'gridstack', 'gridstack/*'],
              message: 'Widgets install without react-router and gridstack.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['examples/host-app/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@honu/*/src/*', '**/packages/*/src/*'], message: 'The host app uses public entries only.' }] },
      ],
    },
  },
  {
    files: [
      'packages/console-kit/**/*.{ts,tsx}',
      'packages/console-react/**/*.{ts,tsx}',
      'packages/widgets/**/*.{ts,tsx}',
      'examples/host-app/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
