import { createContext, useContext } from 'react'
import type { ConsoleClient } from '@honu/core'
import type { WidgetRegistry } from '../widget/widget-definition'

// A console's React contexts, in one module importing nothing but React and types. The widget registry's
// context had a module of its own, reached from the same entries as core's errors/messages and grid-model (the
// pages and the lazy work-area and streams screens), so the bundler put them in one group, which then depended
// on React. The app chunk depends on that group; moving React into the app chunk would have made a chunk cycle,
// so rolldown left React in a chunk of its own on the login route (0.7 KB gzip more, measured with
// scripts/measure-login-js.mjs).

/** @internal Holds the console client of the nearest provider. */
export const ConsoleContext = createContext<ConsoleClient | undefined>(undefined)

/** @internal The widget definitions a console's screens offer; none means the screens show no dashboards. */
export const WidgetRegistryContext = createContext<WidgetRegistry | undefined>(undefined)

/** @internal The console's widget definitions (`widgets` of `createConsoleRoutes`), if it has any. */
export const useWidgetRegistry = () => useContext(WidgetRegistryContext)
