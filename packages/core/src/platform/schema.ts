import { safeParse, type BaseIssue, type GenericSchema } from 'valibot'

/**
 * Schemas at the edges: what a user brings in (layout documents today; `.plan` and KML files, live-channel
 * messages next) is parsed by one valibot schema. valibot because it is small and tree-shakes to the checks in use
 * (1.9 KB against 6.6 KB for zod/mini). Import it only from code that is loaded on demand (the dashboard, an
 * importer): its core costs about 0.7 KB gzip even for one check, more than the main entry's and the login route's
 * budgets leave, which is why restored stores and the feature map keep their small checks (see the README).
 *
 * A schema's messages say why a field is wrong and where it goes in the sentence: `{path}` is the field
 * (`workspaces.stream-view[0].x`), `{parent}` the value holding it (`workspaces.stream-view[0]`). A message without
 * either is used as it is.
 */

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
