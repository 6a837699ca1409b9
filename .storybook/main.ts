import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../packages/*/src/**/*.stories.@(ts|tsx)'],
  // a11y: axe on every story, in the UI's panel and, through @storybook/addon-vitest, in the test command.
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Read workspace packages from source, like the host app and the tests.
  viteFinal: (config) => ({
    ...config,
    resolve: { ...config.resolve, conditions: ['@honu/source', 'module', 'browser', 'development|production'] },
  }),
}

export default config
