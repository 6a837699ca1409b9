import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the test server received. */
export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: unknown
}

type Handler = (request: RecordedRequest, response: ServerResponse) => unknown

/**
 * A real HTTP server on loopback for client tests: records every request and answers with `handler`.
 * Using real HTTP (not a mocked fetch) checks headers, bodies and status handling as they travel.
 */
export async function startTestServer(handler: Handler) {
  const requests: RecordedRequest[] = []
  let current = handler
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let body: unknown = text || undefined
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      // Keep the raw text.
    }
    const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
    requests.push(recorded)
    await current(recorded, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next: Handler) {
      current = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Sends a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(body === undefined ? '' : JSON.stringify(body))
}
