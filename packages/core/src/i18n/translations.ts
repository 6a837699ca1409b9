import type { TranslationLoaders } from './define-messages'

/** Where core's translations come from: one module per language, loaded when the language is chosen. */
export const coreTranslations: TranslationLoaders = {
  'de-DE': () => import('./de-DE').then((m) => m.default),
}
