import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../api-error'
import type { Caller, Identity } from './identity'

/** Reads and verifies the bearer token of a request. Tokens are never logged or echoed. */
export async function authenticate(request: FastifyRequest, identity: Identity): Promise<Caller> {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header) : null
  if (!match?.[1]) throw unauthorized()
  try {
    return await identity.verify(match[1])
  } catch {
    throw unauthorized()
  }
}
