import type { ReactNode } from 'react'
import { coreTranslations } from '@honu/core'
import { usePreferences, useLocale, useTranslationsReady } from '@honu/console-kit'
import { translations } from '../messages/translations'

const PACKAGES = [translations, coreTranslations]

/**
 * The console's root element: scopes its styles and carries the theme (dark unless the user chose light) and the
 * language (`lang`, so screen readers pronounce German as German and CSS hyphenates long words).
 */
export function ThemedRoot({ children }: { children: ReactNode }) {
  const theme = usePreferences((s) => s.theme)
  const { locale } = useLocale()
  // The sign-in route's messages come from console-react's and core's books: both in the language before showing.
  const ready = useTranslationsReady(PACKAGES)
  if (!ready) return null
  return (
    // `part`: inside a shadow root (ConsoleShadowRoot, <honu-console>) the page themes the console through
    // `::part(console)` (or `::part(theme-light)`), e.g. `honu-console::part(console) { --honu-accent: … }`.
    <div className="honu-console" data-theme={theme} lang={locale} part={`console theme-${theme}`}>
      {children}
    </div>
  )
}
