import { createContext, useContext } from 'react'
import type { WidgetRegistry } from '../widget/widget-definition'

/** The widget definitions a console's screens offer; none means the screens show no dashboards. */
export const WidgetRegistryContext = /* @__PURE__ */ createContext<WidgetRegistry | undefined>(undefined)

/** The console's widget definitions (`widgets` of `createConsoleRoutes`), if it has any. */
export const useWidgetRegistry = () => useContext(WidgetRegistryContext)
