import { createContext } from 'react'

/**
 * Whether the console shares the page with a host's own content. Embedded, it renders no `main` landmark of
 * its own (the page's belongs to the host; two consoles would otherwise make duplicate landmarks).
 */
export const EmbeddingContext = createContext(false)
