import { ConsoleError } from '../errors/console-error'
import { messages } from '../errors/messages'
import type { ConsoleClient } from './create-console-client'

/** The longest name the server stores for a tenant, in characters (code points). */
export const TENANT_NAME_MAX_LENGTH = 200

/**
 * What is wrong with a tenant name the user typed, before it is sent: `missing` (blank), `too-long` (over
 * {@link TENANT_NAME_MAX_LENGTH} characters once trimmed) or `invalid` (a line break, a control, bidirectional
 * control or zero-width character, which the server refuses in names).
 */
export type TenantNameProblem = 'missing' | 'too-long' | 'invalid'

// The server's `line` text rule (examples/reference-server/src/schemas/text-rules.ts): one line, nothing invisible.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/
const LONE_SURROGATE = /\p{Cs}/u

/**
 * Checks a tenant name as the server will (trimmed, not blank, one line, at most 200 characters), so a form can say
 * what is wrong without a round trip. `undefined` when the name can be sent.
 *
 * @example tenantNameProblem('  ') // 'missing'
 */
export function tenantNameProblem(name: string): TenantNameProblem | undefined {
  const trimmed = name.trim()
  if (trimmed === '') return 'missing'
  if (CONTROL.test(trimmed) || INVISIBLE.test(trimmed) || LONE_SURROGATE.test(trimmed)) return 'invalid'
  // Characters as the server counts them (code points), not UTF-16 units: an emoji is one.
  if ([...trimmed].length > TENANT_NAME_MAX_LENGTH) return 'too-long'
  return undefined
}

/**
 * Renames a tenant (spec §7, `PUT /api/v1/tenants/{tenant_id}` with `name`) and answers the name the server saved.
 * When it is the selected tenant, the tenant store takes the new name at once (its roles and ranges stay), so the
 * header and everything else showing the selection follow without a reload. The name is sent trimmed.
 *
 * Failures are the console's errors, as the call raised them: an `HttpError` (`http/forbidden` for a user who is not
 * an admin of the tenant, `http/network`, `http/timeout`, `http/status` with the server's words); word them with
 * `describeError` (`useErrorText()` in React) after the screen's own "Error renaming tenant". Nothing changes in
 * the store when the call fails.
 *
 * @throws {ConsoleError} `tenant/missing-id` ('Unable to find Tenant Id', spec §5) without a tenant id, and
 *   `tenant/invalid-name` for a name {@link tenantNameProblem} refuses; neither sends anything.
 * @example
 * const saved = await renameTenant(client, 'alpha', 'Alpha Harbour North')
 */
export async function renameTenant(client: Pick<ConsoleClient, 'v1' | 'tenant'>, tenantId: string, name: string): Promise<string> {
  if (!tenantId) throw new ConsoleError({ code: 'tenant/missing-id', message: messages.tenantWithoutId })
  const problem = tenantNameProblem(name)
  if (problem) {
    throw new ConsoleError({ code: 'tenant/invalid-name', message: `A tenant's name must be ${NAME_RULES[problem]} (got ${JSON.stringify(name)}).` })
  }
  const sent = name.trim()
  const answer = await client.v1.updateTenant(tenantId, { name: sent })
  // Spec §7: the answer is the name; a server that answers without it saved what it was sent.
  const saved = typeof answer?.name === 'string' && answer.name.trim() !== '' ? answer.name : sent
  // Read at the answer, not at the call: the user may have picked another tenant meanwhile.
  if (client.tenant.getState().tenant?.tenant_id === tenantId) {
    client.tenant.setState((state) => ({ tenant: state.tenant && { ...state.tenant, name: saved } }))
  }
  return saved
}

const NAME_RULES: Record<TenantNameProblem, string> = {
  missing: 'not blank',
  'too-long': `at most ${TENANT_NAME_MAX_LENGTH} characters`,
  invalid: 'one line without control, bidirectional control or zero-width characters',
}
