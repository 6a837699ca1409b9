import type { FastifyInstance } from 'fastify'

/** A fault the test controls inject: the next `count` requests matching `method` and `url` answer `status`. */
export interface InjectedFault {
  /** HTTP method, e.g. `GET`. */
  method: string
  /** The route's pattern as registered, e.g. `/api/v1/users/:uid`. */
  url: string
  status: number
  count: number
}

/**
 * Test-only controls, registered only when the server runs with test controls on (`HONU_MEDIA_TEST_CONTROLS=1`),
 * so browser tests can meet real failures of the real server rather than faked answers in the browser:
 * - `POST /test/exit`: the process exits right after answering (the start command's supervisor restarts it).
 * - `POST /test/faults` with `{ method, url, status, count }`: the next `count` requests to that route answer
 *   `status` with the server's usual error body; `DELETE /test/faults` clears them.
 */
export function registerTestControls(app: FastifyInstance, options: { exit?: () => void } = {}) {
  const faults: InjectedFault[] = []

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url
    const fault = faults.find((f) => f.count > 0 && f.method === request.method && f.url === route)
    if (!fault) return
    fault.count -= 1
    return reply.code(fault.status).send({ code: 'injected-fault', message: 'The server failed to handle this request.' })
  })

  app.post('/test/exit', { config: { access: 'test' }, schema: { hide: true } }, async (_request, reply) => {
    await reply.code(202).send({ exiting: true })
    setTimeout(options.exit ?? (() => process.exit(75)), 50)
  })

  app.post(
    '/test/faults',
    {
      config: { access: 'test' },
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['method', 'url', 'status', 'count'],
          properties: {
            method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] },
            url: { type: 'string', minLength: 1, maxLength: 200 },
            status: { type: 'integer', minimum: 400, maximum: 599 },
            count: { type: 'integer', minimum: 1, maximum: 100 },
          },
        },
      },
    },
    async (request) => {
      faults.push({ ...(request.body as InjectedFault) })
      return { faults }
    },
  )

  app.delete('/test/faults', { config: { access: 'test' }, schema: { hide: true } }, async (_request, reply) => {
    faults.splice(0)
    return reply.code(204).send()
  })
}
