import { useState, useSyncExternalStore } from 'react'
import { createPlanEditor, type MissionPlan, type PlanEditor, type PlanEditorOptions, type PlanEditorSnapshot } from '@honu/core/mission'

/**
 * A plan editor for as long as the component lives (created once from the first plan and options; key the
 * component by mission to start over), with its snapshot: the controller is core's, this hook only holds it.
 */
export function usePlanEditor(plan: () => MissionPlan, options: PlanEditorOptions): [PlanEditor, PlanEditorSnapshot] {
  const [editor] = useState(() => createPlanEditor(plan(), options))
  return [editor, useSyncExternalStore(editor.subscribe, editor.getSnapshot, editor.getSnapshot)]
}
