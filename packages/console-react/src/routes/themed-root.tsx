import type { ReactNode } from 'react'
import { usePreferences } from '../hooks/use-console-store'
import { useLocale } from '../hooks/use-messages'

/**
 * The console's root element: scopes its styles and carries the theme (dark unless the user chose light) and the
 * language (`lang`, so screen readers pronounce German as German and CSS hyphenates long words).
 */
export function ThemedRoot({ children }: { children: ReactNode }) {
  const theme = usePreferences((s) => s.theme)
  const { locale } = useLocale()
  return (
    <div className="honu-console" data-theme={theme} lang={locale}>
      {children}
    </div>
  )
}
