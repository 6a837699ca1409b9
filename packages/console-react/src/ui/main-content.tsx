import { useContext, type ReactNode } from 'react'
import { EmbeddingContext } from '../navigation/embedding-context'

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
