import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../api-error'
import type { Caller, Identity, VerifyOptions } from './identity'

/**
 * Reads and verifies the bearer token of a request. Tokens are never logged or echoed. A request trusts a
 * revocation check up to 60 s old (see `MAX_REVOCATION_CHECK_AGE_MS`); a long-lived connection (a socket) passes
 * `{ checkRevokedNow: true }` to ask the identity provider at once.
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
