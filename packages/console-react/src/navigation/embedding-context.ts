import { createContext, useContext, type ReactNode } from 'react'

/**
 * Whether the console shares the page with a host's own content. Embedded, it renders no `main` landmark of
 * its own (the page's belongs to the host; two consoles would otherwise make duplicate landmarks).
 */
export const EmbeddingContext = createContext(false)

/** The console's main content: a `main` landmark when the console owns the page, a plain `div` when embedded. */
export function MainContent({ className, children }: { className: string; children: ReactNode }) {
  return useContext(EmbeddingContext) ? (
    <div className={className} id="honu-main">
      {children}
    </div>
  ) : (
    <main className={className} id="honu-main">
      {children}
    </main>
  )
}
