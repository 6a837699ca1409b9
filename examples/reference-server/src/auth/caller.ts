import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../api-error'
import type { Caller, Identity, VerifyOptions } from './identity'

/**
 * Reads and verifies the bearer token of a request. Tokens are never logged or echoed. A request trusts its
 * account's revocation check up to `HONU_REVOCATION_CHECK_SECONDS` old (default 5 s, see
 * `DEFAULT_REVOCATION_CHECK_AGE_MS`); `{ checkRevokedNow: true }` asks the identity provider at once.
 */
export async function authenticate(request: FastifyRequest, identity: Identity, options?: VerifyOptions): Promise<Caller> {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header) : null
  if (!match?.[1]) throw unauthorized()
  try {
    return await identity.verify(match[1], options)
  } catch {
    throw unauthorized()
  }
}
