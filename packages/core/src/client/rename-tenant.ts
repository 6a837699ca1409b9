import { ConsoleError } from '../errors/console-error'
import { messages } from '../errors/messages'
import type { ConsoleClient } from './create-console-client'

/**
 * Renames a tenant (spec §7, `PUT /api/v1/tenants/{tenant_id}` with `name`) and answers the name the server saved.
 * When it is the selected tenant, the tenant store takes the new name at once (its roles and ranges stay), so the
 * header and everything else showing the selection follow without a reload. The name is sent trimmed; the server
 * checks the rest of its rule (one line, nothing invisible, at most 200 characters), which a form may check first.
 *
 * Failures are the console's errors, as the call raised them: an `HttpError` (`http/forbidden` for a user who is not
 * an admin of the tenant, `http/network`, `http/timeout`, `http/status` with the server's words); word them with
 * `describeError` (`useErrorText()` in React) after the screen's own "Error renaming tenant". Nothing changes in
 * the store when the call fails.
 *
 * @throws {ConsoleError} `tenant/missing-id` ('Unable to find Tenant Id', spec §5) without a tenant id, and
 *   `tenant/invalid-name` for a blank name; neither sends anything.
 * @example
 * const saved = await renameTenant(client, 'alpha', 'Alpha Harbour North')
 */
export async function renameTenant(client: Pick<ConsoleClient, 'v1' | 'tenant'>, tenantId: string, name: string): Promise<string> {
  if (!tenantId) throw new ConsoleError({ code: 'tenant/missing-id', message: messages.tenantWithoutId })
  const sent = name.trim()
  if (!sent) throw new ConsoleError({ code: 'tenant/invalid-name', message: 'A tenant needs a name.' })
  const answer = await client.v1.updateTenant(tenantId, { name: sent })
  // Spec §7: the answer is the name; a server that answers without it saved what it was sent.
  const saved = (typeof answer?.name === 'string' && answer.name.trim()) || sent
  // Read at the answer, not at the call: the user may have picked another tenant meanwhile.
  if (client.tenant.getState().tenant?.tenant_id === tenantId) {
    client.tenant.setState((state) => ({ tenant: state.tenant && { ...state.tenant, name: saved } }))
  }
  return saved
}
