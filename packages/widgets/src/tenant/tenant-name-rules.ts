/** The longest name the server stores for a tenant, in characters (code points). */
export const TENANT_NAME_MAX_LENGTH = 200

/**
 * What is wrong with a tenant name the user typed, before it is sent: `missing` (blank), `too-long` (over
 * {@link TENANT_NAME_MAX_LENGTH} characters once trimmed) or `invalid` (a line break, a control, bidirectional
 * control or zero-width character, which the server refuses in names).
 */
export type TenantNameProblem = 'missing' | 'too-long' | 'invalid'

// The server's `line` text rule for names (examples/reference-server/src/schemas/text-rules.ts): no control,
// bidirectional control or zero-width character, and no lone surrogate. Here, not in core's main entry, whose size
// budget is tight: the widget is the one form that checks names as the server will.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\u202a-\u202e\u2066-\u2069\ufeff]|\p{Cs}/u

/**
 * Checks a tenant name as the server will (trimmed, not blank, one line, at most 200 characters), so the field can
 * say what is wrong without a round trip. `undefined` when the name can be sent.
 *
 * @example tenantNameProblem('  ') // 'missing'
 */
export function tenantNameProblem(name: string): TenantNameProblem | undefined {
  const trimmed = name.trim()
  if (!trimmed) return 'missing'
  if (FORBIDDEN.test(trimmed)) return 'invalid'
  // Characters as the server counts them (code points), not UTF-16 units: an emoji is one.
  return [...trimmed].length > TENANT_NAME_MAX_LENGTH ? 'too-long' : undefined
}
