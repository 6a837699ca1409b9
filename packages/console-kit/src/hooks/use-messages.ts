import { useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import {
  DEFAULT_LOCALE,
  LOCALE_DATES,
  UNKNOWN_DATE,
  coreMessages,
  describeError,
  formatJoinedDate,
  formatUtcDate,
  translateSource,
  type DateLocale,
  type I18nState,
  type LocaleTag,
  type MessageBook,
  type MessageValues,
  type Translate,
  type TranslationLoaders,
} from '@honu/core'
import { ConsoleContext } from '../provider/console-context'

// Outside a provider (an error boundary above it, a part in a story): US English, so what shows a failure never
// fails itself for want of a console.
const SOURCE = createStore<Pick<I18nState, 't' | 'locale' | 'dates'>>()(() => ({
  t: translateSource,
  locale: DEFAULT_LOCALE,
  dates: LOCALE_DATES[DEFAULT_LOCALE],
}))

/** The language store of the nearest console, or US English outside one. */
const useI18n = <T>(select: (state: Pick<I18nState, 't' | 'locale' | 'dates'>) => T): T =>
  useStore(useContext(ConsoleContext)?.i18n ?? SOURCE, select)

/**
 * A formatter of one book's messages in the console's active language; the component re-renders when the language
 * changes (or its translations arrive).
 *
 * @example
 * const t = useMessages(loginMessages)
 * <h1>{t('title')}</h1> <p>{t('streams', { count: 3 })}</p>
 */
export function useMessages<M extends Readonly<Record<string, string>>>(
  book: MessageBook<M>,
): (key: keyof M & string, values?: MessageValues) => string {
  const translate = useI18n((s) => s.t)
  return useCallback((key, values) => translate(book, key, values), [translate, book])
}

/**
 * The active language's formatter of any book's messages, for a book known only at run time (a widget type's
 * `titleMessage`); prefer {@link useMessages} for a book of your own.
 */
export function useTranslate(): Translate {
  return useI18n((s) => s.t)
}

/** The console's active language and how it shows dates (first day of the week, 12- or 24-hour clock). */
export function useLocale(): { locale: LocaleTag; dates: DateLocale } {
  const locale = useI18n((s) => s.locale)
  const dates = useI18n((s) => s.dates)
  return { locale, dates }
}

/**
 * Words an error for the user in the active language: a `ConsoleError` by its code (core's `describeError`), else
 * `fallback`.
 *
 * @example
 * const errorText = useErrorText()
 * setError(errorText(failure, t('failed')))
 */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const translate = useI18n((s) => s.t)
  return useCallback((error, fallback) => describeError(translate, error, fallback), [translate])
}

/** A date formatter of {@link useDates}. */
type FormatDate = (value: string | number | Date | null | undefined) => string

/**
 * Record dates in the console's language (spec §3: UTC date strings; `joined` with weekday, day, month and year
 * only), "Unknown date" translated too.
 *
 * @example
 * const dates = useDates()
 * <span>{dates.utc(stream.update_time)}</span>
 */
export function useDates(): { utc: FormatDate; joined: FormatDate } {
  const { dates } = useLocale()
  const t = useMessages(coreMessages)
  return useMemo(() => {
    const known = (text: string) => (text === UNKNOWN_DATE ? t('unknownDate') : text)
    return { utc: (value) => known(formatUtcDate(value, dates)), joined: (value) => known(formatJoinedDate(value, dates)) }
  }, [dates, t])
}

/**
 * Whether the packages' translations for the active language are loaded, loading them if not: a console that
 * starts in German shows nothing for the moment its German takes to load rather than English first. Once true it
 * stays true: a later switch keeps the screen (and any open dialog) and re-renders it when the language is ready.
 */
export function useTranslationsReady(packages: readonly TranslationLoaders[]): boolean {
  const i18n = useContext(ConsoleContext)?.i18n
  const locale = useI18n((s) => s.locale)
  const missing = i18n ? packages.filter((translations) => !i18n.getState().prepared(translations)) : []
  const [, setLoaded] = useState(0)
  const [shown, setShown] = useState(false)
  const ready = missing.length === 0
  // Remembered from this render on (React's pattern for state derived from earlier renders).
  if (ready && !shown) setShown(true)
  useEffect(() => {
    if (!i18n || missing.length === 0) return
    let live = true
    void Promise.all(missing.map((translations) => i18n.getState().prepare(translations))).then(() => live && setLoaded((n) => n + 1))
    return () => {
      live = false
    }
    // `missing` is derived from the store and the language; re-run when either changes.
  }, [i18n, locale, missing.length]) // eslint-disable-line react-hooks/exhaustive-deps
  return shown || ready
}
