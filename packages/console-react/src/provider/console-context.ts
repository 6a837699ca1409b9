import { createContext, useContext } from 'react'
import type { ConsoleClient } from '@honu/core'
import type { WidgetRegistry } from '../widget/widget-definition'

// A console's React contexts, in one module. Keep them together, and keep this module importing nothing but
// React and types: whatever module creates a context depends on React, and a module of its own reached by the
// dashboard pages (the lab, the work-area and streams screens) would share its bundle atom with core's
// modules those pages also use (errors/messages, grid-model…). The app chunk depends on that atom, so rolldown
// can no longer move React back into the app chunk (a chunk cycle) and gives React a chunk of its own on the
// login route: 1.8 KB gzip more (scripts/measure-login-js.mjs).

/** @internal Holds the console client of the nearest provider. */
export const ConsoleContext = /* @__PURE__ */ createContext<ConsoleClient | undefined>(undefined)

/** @internal The widget definitions a console's screens offer; none means the screens show no dashboards. */
export const WidgetRegistryContext = /* @__PURE__ */ createContext<WidgetRegistry | undefined>(undefined)

/** @internal The console's widget definitions (`widgets` of `createConsoleRoutes`), if it has any. */
export const useWidgetRegistry = () => useContext(WidgetRegistryContext)
