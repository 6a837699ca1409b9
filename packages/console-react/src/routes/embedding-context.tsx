import { createContext, useContext } from 'react'

/**
 * Whether the console shares the page with a host's own content. Embedded, it renders no `main` landmark of
 * its own (the page's belongs to the host; two consoles would otherwise make duplicate landmarks).
 */
export const EmbeddingContext = createContext(false)

/** The element for the console's main content: `main` when it owns the page, a plain `div` when embedded. */
export const useMainElement = (): 'main' | 'div' => (useContext(EmbeddingContext) ? 'div' : 'main')
