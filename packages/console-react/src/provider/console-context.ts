import { createContext } from 'react'
import type { ConsoleClient } from '@honu/core'

/** @internal Holds the console client of the nearest provider. */
export const ConsoleContext = /* @__PURE__ */ createContext<ConsoleClient | undefined>(undefined)
