import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { PATHS, pathsUnder, type ConsolePaths as Paths } from './paths'

const PathsContext = createContext<Paths>(PATHS)

/** Prefixes every console path with where the host mounted the console. */
export function PathsProvider({ base, children }: { base: string; children: ReactNode }) {
  const value = useMemo(() => prefixPaths(base), [base])
  return <PathsContext.Provider value={value}>{children}</PathsContext.Provider>
}

/** The console's paths under the host's base path, for links and redirects. */
export const usePaths = (): Paths => useContext(PathsContext)

/** Prefixes each path with `base` (no trailing slash). */
export const prefixPaths = pathsUnder
