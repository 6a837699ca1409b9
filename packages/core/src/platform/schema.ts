import { safeParse, type BaseIssue, type GenericSchema } from 'valibot'
import { consoleLogger, type Logger } from './logger'
import { readJson, type StorageAdapter } from './storage-adapter'

/**
 * Schemas at the edges: what a user brings in or the console finds stored (layout documents, restored stores, the
 * feature map; `.plan` and KML files, live-channel messages next) is parsed by one valibot schema. valibot because
 * it is small and tree-shakes to the checks in use (1.9 KB against 6.6 KB for zod/mini). The stores import their
 * schemas when they restore (after sign-in) and the flag source its parser with the flags, so valibot stays off the
 * login route (issue 12's budget, scripts/measure-login-js.mjs).
 *
 * A schema's messages say why a field is wrong and where it goes in the sentence: `{path}` is the field
 * (`workspaces.stream-view[0].x`), `{parent}` the value holding it (`workspaces.stream-view[0]`). A message without
 * either is used as it is.
 */

/**
 * The message of an `object()` or `looseObject()` schema: `{path} is missing` for a missing field (valibot reports it on the object,
 * with the field's path), else that the value is not `what`.
 *
 * @example object({ id: string() }, objectMessage('an organisation'))
 */
export function objectMessage(what: string): (issue: BaseIssue<unknown>) => string {
  return (issue) => (issue.path?.length ? '{path} is missing' : `the value is not ${what}`)
}

/** A field's place as text: `settings.snapToGrid`, `workspaces.stream-view[0]`. */
export function formatIssuePath(path: readonly { key: unknown }[] | undefined): string {
  let text = ''
  for (const item of path ?? []) {
    text += typeof item.key === 'number' ? `[${item.key}]` : `${text ? '.' : ''}${String(item.key)}`
  }
  return text
}

/** The sentence an issue's message makes once its `{path}` and `{parent}` are filled in. */
export function describeIssue(issue: BaseIssue<unknown>): string {
  const path = issue.path ?? []
  return issue.message
    .replaceAll('{path}', formatIssuePath(path) || 'the value')
    .replaceAll('{parent}', formatIssuePath(path.slice(0, -1)) || 'the value')
}

/**
 * Parses `value` with `schema`.
 *
 * @returns the output, or the first problem as a sentence naming the field and why.
 */
export function parseWith<T>(
  schema: GenericSchema<unknown, T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; problem: string; problems: string[] } {
  const result = safeParse(schema, value)
  if (result.success) return { ok: true, value: result.output }
  const problems = result.issues.map((issue) => describeIssue(issue))
  return { ok: false, problem: problems[0]!, problems }
}

/**
 * The first stored value under `key` that `schema` accepts (a valibot schema, see `schema.ts`), or `undefined`
 * when none does. A stored value the schema refuses is dropped with a warning naming the key and the field, so the
 * store starts from its defaults rather than from something another version (or a hand) left there.
 *
 * `schema` may still be a function returning the value or `undefined` (it then drops without a warning), for a
 * store not yet moved to a schema.
 */
export function restoreSlice<P>(
  key: string,
  storages: readonly StorageAdapter[],
  schema: GenericSchema<unknown, P> | ((value: unknown) => P | undefined),
  logger: Logger = consoleLogger,
): P | undefined {
  for (const storage of storages) {
    const stored = readJson(storage, key)
    if (stored === undefined) continue
    if (typeof schema === 'function') {
      const value = schema(stored)
      if (value !== undefined) return value
      continue
    }
    const parsed = parseWith(schema, stored)
    if (parsed.ok) return parsed.value
    logger.warn(`[@honu/core] the stored "${key}" is not usable (${parsed.problem}); it is ignored.`)
  }
  return undefined
}
