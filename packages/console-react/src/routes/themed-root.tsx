import type { ReactNode } from 'react'
import { specMessages } from '@honu/core'
import { usePreferences } from '../hooks/use-console-store'
import { useLocale, useTranslationsReady } from '../hooks/use-messages'
import { translations } from '../messages/translations'

const PACKAGES = [translations, specMessages.translations]

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
    <div className="honu-console" data-theme={theme} lang={locale}>
      {children}
    </div>
  )
}
