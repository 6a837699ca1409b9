import type { TranslationLoaders } from '@honu/core'

/** Where the widgets' translations come from: one module per language, loaded when the language is chosen. */
export const translations: TranslationLoaders = {
  'de-DE': () => import('./de-DE').then((m) => m.default),
}
