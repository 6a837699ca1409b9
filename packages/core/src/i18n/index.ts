export {
  LOCALES,
  DEFAULT_LOCALE,
  LOCALE_DATES,
  resolveLocale,
  defineMessages,
  type LocaleTag,
  type MessageBook,
  type Translations,
  type TranslationLoaders,
  type TranslationsOf,
} from './define-messages'
export { parseMessage, formatParts, type MessageValue, type MessageValues } from './format-message'
export { createI18nStore, translateSource, type I18nState, type I18nStore, type I18nStoreOptions, type Translate } from './create-i18n-store'
export { coreMessages } from './core-messages'
export { specMessages } from './spec-messages'
export { recoveryMessageBook } from './recovery-messages'
export { coreTranslations } from './translations'
export { errorMessages, describeError } from './error-messages'
export { serverWords } from './server-words'
