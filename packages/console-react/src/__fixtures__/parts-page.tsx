import { useState, type ReactNode } from 'react'
import { PartsRootProvider } from '@honu/console-kit'

/**
 * A page for tests of dialogs built on the parts (a copy of @honu/console-kit's own fixture), shaped as the main
 * layout places them: inside the themed root, a `main` landmark whose last child is the parts' layer (so an open menu or tooltip sits in a landmark).
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
