import { createServer as createHttpServer, type Server } from 'node:http'

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Feature flags served at `/api/v1/features` for local mode (there is no Remote Config emulator). */
  features?: Record<string, boolean>
  /** Origins allowed to call the API from a browser. */
  allowedOrigins?: readonly string[]
}

/**
 * The reference server. This first cut answers the health check and the local-mode flag map; the spec's v1 and
 * v2 calls arrive with the reference-server issue.
 */
export function createServer(options: ServerOptions = {}): Server {
  const features = options.features ?? { mission_planning: true }
  return createHttpServer((request, response) => {
    const origin = request.headers.origin
    if (origin && (options.allowedOrigins ?? []).includes(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin)
      response.setHeader('Vary', 'Origin')
      response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept')
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
    }
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const path = (request.url ?? '/').split('?')[0]
    if (request.method === 'OPTIONS') {
      response.writeHead(204)
      response.end()
    } else if (request.method === 'GET' && path === '/health') send(200, { status: 'ok' })
    else if (request.method === 'GET' && path === '/api/v1/features') send(200, { features })
    else send(404, { message: `No route for ${request.method} ${path}` })
  })
}
