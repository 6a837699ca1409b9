import type { ReactNode } from 'react'
import { usePreferences } from '../hooks/use-console-store'

/** The console's root element: scopes its styles and carries the theme (dark unless the user chose light). */
export function ThemedRoot({ children }: { children: ReactNode }) {
  const dark = usePreferences((s) => s.darkMode)
  return (
    <div className="honu-console" data-theme={dark ? 'dark' : 'light'}>
      {children}
    </div>
  )
}
