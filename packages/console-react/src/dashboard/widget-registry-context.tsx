import { createContext, useContext } from 'react'
import type { WidgetRegistry } from './widget-registry'

/** The widget components a console's screens use; none means the screens show no dashboards. */
export const WidgetRegistryContext = /* @__PURE__ */ createContext<WidgetRegistry | undefined>(undefined)

export const useWidgetRegistry = () => useContext(WidgetRegistryContext)
