import type { FastifyRequest } from 'fastify'
import type { UserRow } from './v1-access'

/** A request whose caller has been authenticated and loaded. */
export type AuthedRequest = FastifyRequest & { user: UserRow }
