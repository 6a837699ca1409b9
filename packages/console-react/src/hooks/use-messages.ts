import { useCallback } from 'react'
import { useStore } from 'zustand'
import type { DateLocale, LocaleTag, MessageBook, MessageValues } from '@honu/core'
import { useConsoleClient } from './use-console-client'

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
  const translate = useStore(useConsoleClient().i18n, (s) => s.t)
  return useCallback((key, values) => translate(book, key, values), [translate, book])
}

/** The console's active language and how it shows dates (first day of the week, 12- or 24-hour clock). */
export function useLocale(): { locale: LocaleTag; dates: DateLocale } {
  const i18n = useConsoleClient().i18n
  const locale = useStore(i18n, (s) => s.locale)
  const dates = useStore(i18n, (s) => s.dates)
  return { locale, dates }
}
