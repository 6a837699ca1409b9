import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import type { PlanEditor } from '@honu/core/mission'

/**
 * A mission plan open for editing (issue 25): the missions screen publishes the plan its panel edits, and every map
 * inside the screen (the panel's own, the dashboard's Map widgets) shows it and edits the same editor, so an edit
 * made in the table shows on the maps and one undo undoes it wherever it was made.
 */
export interface OpenPlan {
  /** Core's plan editor (`createPlanEditor`): the one controller of the plan. */
  editor: PlanEditor
  /** The mission's name, for the map's accessible names. */
  name: string
  /** Whether the plan may be changed here (the Organisation write permission, a mission not archived). */
  canWrite: boolean
}

/** Where the open plan is kept: one per missions screen (`createOpenPlanSlot`, given by `OpenPlanContext`). */
export interface OpenPlanSlot {
  get(): OpenPlan | undefined
  set(plan: OpenPlan | undefined): void
  subscribe(listener: () => void): () => void
}

/** A slot for the open plan: empty until a plan panel publishes one. */
export function createOpenPlanSlot(): OpenPlanSlot {
  let plan: OpenPlan | undefined
  const listeners = new Set<() => void>()
  return {
    get: () => plan,
    set(next) {
      if (next === plan) return
      plan = next
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The open plan's slot of the screen around (none outside a missions screen: maps there show no plan). */
export const OpenPlanContext = /* @__PURE__ */ createContext<OpenPlanSlot | undefined>(undefined)

const nothing = () => undefined
const never = () => () => {}

/** The plan open in the screen around, if any (a map shows and edits it). */
export function useOpenPlan(): OpenPlan | undefined {
  const slot = useContext(OpenPlanContext)
  return useSyncExternalStore(slot?.subscribe ?? never, slot?.get ?? nothing, slot?.get ?? nothing)
}

/** Publishes `plan` as the screen's open plan while the caller is mounted with it (keep the object stable). */
export function usePublishOpenPlan(plan: OpenPlan | undefined): void {
  const slot = useContext(OpenPlanContext)
  useEffect(() => {
    if (!slot || !plan) return
    slot.set(plan)
    return () => {
      if (slot.get() === plan) slot.set(undefined)
    }
  }, [slot, plan])
}
