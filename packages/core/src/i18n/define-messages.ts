import type { DateLocale } from '../dates/format-date'

/** The languages the console ships (spec §9: US English is the default). */
export const LOCALES = ['en-US', 'de-DE'] as const
/** A language the console ships. */
export type LocaleTag = (typeof LOCALES)[number]
/** The default language (spec §9). */
export const DEFAULT_LOCALE: LocaleTag = 'en-US'

/** How each language shows dates: US English Sunday-first with a 12-hour clock (spec §9), German Monday-first, 24 h. */
export const LOCALE_DATES: Readonly<Record<LocaleTag, DateLocale>> = {
  'en-US': { locale: 'en-US', weekStartsOn: 0, hour12: true },
  'de-DE': { locale: 'de-DE', weekStartsOn: 1, hour12: false },
}

/**
 * The shipped language for a requested tag: itself, else the first shipped one of the same language (`de`,
 * `de-AT` → `de-DE`), else US English.
 */
export function resolveLocale(tag: string | undefined): LocaleTag {
  if (!tag) return DEFAULT_LOCALE
  const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase())
  const language = tag.split('-')[0]!.toLowerCase()
  return exact ?? LOCALES.find((l) => l.split('-')[0] === language) ?? DEFAULT_LOCALE
}

/** One package's messages in one language: each book's messages by book id, then by key. */
export type Translations = Readonly<Record<string, Readonly<Record<string, string>>>>

/**
 * Where a package's translations come from, per language other than US English: a dynamic `import()` of the
 * module holding all of that package's messages in the language, so a language is loaded only when chosen.
 */
export type TranslationLoaders = Readonly<Partial<Record<Exclude<LocaleTag, 'en-US'>, () => Promise<Translations>>>>

/** A set of messages (US English, the source) under an id, with the package's loaders of their translations. */
export interface MessageBook<M extends Readonly<Record<string, string>> = Readonly<Record<string, string>>, I extends string = string> {
  /** Unique across the packages: the key of its messages in a {@link Translations} module. */
  readonly id: I
  /** The US English messages (ICU MessageFormat), by key. */
  readonly messages: M
  readonly translations: TranslationLoaders
}

/**
 * Declares a book of messages. Keep one book per area (the login screens, the dashboard, …) in a module of its
 * own, so a bundler puts each book in the chunk of the screens that use it and the login route carries only its
 * own.
 *
 * @example
 * export const loginMessages = defineMessages('login', { title: 'Sign in' }, translations)
 */
export function defineMessages<const I extends string, const M extends Readonly<Record<string, string>>>(
  id: I,
  messages: M,
  translations: TranslationLoaders,
): MessageBook<M, I> {
  return { id, messages, translations }
}

/**
 * The shape of a package's translation module for its books: every book id with every key. Use it with
 * `satisfies` so the compiler names a missing key; the catalogue test checks the same at run time.
 *
 * @example
 * export default { login: { title: 'Anmelden' } } satisfies TranslationsOf<typeof books>
 */
export type TranslationsOf<B extends Readonly<Record<string, MessageBook>>> = {
  readonly [K in keyof B as B[K]['id']]: { readonly [P in keyof B[K]['messages']]: string }
}
