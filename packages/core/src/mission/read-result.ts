import { formatIssuePath } from '../platform/schema'
import type { BaseIssue } from 'valibot'
import { missionProblem, type MissionFileError, type NotKept } from './mission-messages'
import { RefusedFile } from './mav-items'

/**
 * What a reader answers: what it read and, item by item, what the plan does not keep; or the file refused whole
 * with its reason (then nothing of it is used).
 */
export type ReadResult<T> = { ok: true; value: T; notKept: NotKept[] } | { ok: false; error: MissionFileError }

/** What a writer answers: the file's text and, item by item, what the format cannot hold. */
export interface WriteResult {
  text: string
  notKept: NotKept[]
}

/** A refusal naming a field and why (`{detail}` is the schema's English). */
export const invalidFile = (detail: string): MissionFileError => missionProblem('file/invalid', { detail })

/**
 * A schema issue as a sentence, its field named from the file's root: `prefix` is where the parsed value sits
 * (`mission.items[3]`), the issue's own path continues from there.
 */
export function describeIssueAt(issue: BaseIssue<unknown>, prefix: string): string {
  const join = (inner: string) => (!inner ? prefix || 'the file' : !prefix ? inner : inner.startsWith('[') ? prefix + inner : `${prefix}.${inner}`)
  const path = issue.path ?? []
  return issue.message.replaceAll('{path}', join(formatIssuePath(path))).replaceAll('{parent}', join(formatIssuePath(path.slice(0, -1))))
}

/** Runs a reader's body, turning a `RefusedFile` into a refusal. Anything else is a bug and is thrown on. */
export function refusing<T>(read: () => ReadResult<T>): ReadResult<T> {
  try {
    return read()
  } catch (error) {
    if (error instanceof RefusedFile) return { ok: false, error: error.problem }
    throw error
  }
}

/** Parses JSON text, refusing an empty file and text that is not JSON. */
export function parseJsonText(text: string): unknown {
  if (!text.trim()) throw new RefusedFile(missionProblem('file/empty'))
  try {
    // A byte-order mark is not JSON, but editors on Windows write one.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown
  } catch {
    throw new RefusedFile(missionProblem('file/not-json'))
  }
}
