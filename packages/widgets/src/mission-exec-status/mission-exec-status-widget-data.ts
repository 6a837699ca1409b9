import { invalidWidgetData } from '@honu/console-kit/widget'

/** What a MissionExecStatus widget keeps: the execution picked when several run (else it shows the running one). */
export interface MissionExecStatusWidgetData {
  /** The execution picked; when it is no longer known, the widget shows the running (or most recent) one. */
  executionId?: string
}

/**
 * Reads a MissionExecStatus widget's stored data: an optional `executionId` (text); anything else stored is
 * dropped; data that is not an object, or an id that is not text, throws `widget/invalid-data`.
 */
export function parseMissionExecStatusWidgetData(data: unknown): MissionExecStatusWidgetData {
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) throw invalidWidgetData('its data', 'must be an object')
  const { executionId } = data as { executionId?: unknown }
  if (executionId === undefined) return {}
  if (typeof executionId !== 'string' || executionId === '') throw invalidWidgetData('executionId', 'must be an execution id')
  return { executionId }
}
