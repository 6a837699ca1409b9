import { useState, type ReactNode } from 'react'
import { PartsRootProvider } from '../parts-root'

/**
 * A page for tests and stories of the parts, shaped as the main layout places them: inside the themed root, a
 * `main` landmark whose last child is the parts' layer (so an open menu or tooltip sits in a landmark).
 */
export function PartsPage({ children, theme = 'dark' }: { children: ReactNode; theme?: 'dark' | 'light' }) {
  const [layer, setLayer] = useState<HTMLElement | null>(null)
  return (
    <div className="honu-console" data-theme={theme}>
      <main className="honu-main">
        <PartsRootProvider root={layer}>{children}</PartsRootProvider>
        <div className="honu-layers" ref={setLayer} />
      </main>
    </div>
  )
}
