import type { ReactNode } from 'react'
import { usePreferences } from '../hooks/use-console-store'

/** The console's root element: scopes its styles and carries the theme (dark unless the user chose light). */
export function ThemedRoot({ children }: { children: ReactNode }) {
  const theme = usePreferences((s) => s.theme)
  return (
    <div className="honu-console" data-theme={theme}>
      {children}
    </div>
  )
}
