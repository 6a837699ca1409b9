import WebSocket from 'ws'
import { LIVE_PATH, parseServerMessage, type ServerMessage, type VehicleTelemetry } from '@honu/core/live'

/** A real WebSocket client of the live channel, for tests: every frame it received, and waiting helpers. */
export interface LiveTestSocket {
  ws: WebSocket
  /** Every server frame so far, parsed with core's schema (a frame it refuses fails the test at `next`). */
  messages: ServerMessage[]
  send(frame: unknown): void
  /** Resolves with the first received frame (from the start) that `match` accepts. */
  next<T extends ServerMessage = ServerMessage>(match: (m: ServerMessage) => boolean): Promise<T>
  /** Resolves with the close code once the server closed the socket. */
  closed: Promise<{ code: number; reason: string }>
  close(): void
}

/** Opens a socket to the live channel (no frame sent). `origin` is the Origin header a browser would send. */
export async function openLive(baseUrl: string, options: { origin?: string } = {}): Promise<LiveTestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`, { headers: options.origin ? { origin: options.origin } : {} })
  const messages: ServerMessage[] = []
  const waiters = new Set<() => void>()
  let bad: string | undefined
  ws.on('message', (data) => {
    const parsed = parseServerMessage(String(data))
    if (parsed.ok) messages.push(parsed.value)
    else bad = `the server sent a frame its own schema refuses: ${parsed.error}`
    for (const w of [...waiters]) w()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return {
    ws,
    messages,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next<T extends ServerMessage>(match: (m: ServerMessage) => boolean) {
      return new Promise<T>((resolve, reject) => {
        const look = () => {
          if (bad) return reject(new Error(bad))
          const found = messages.find(match)
          if (found) {
            waiters.delete(look)
            resolve(found as T)
          }
        }
        waiters.add(look)
        void closed.then(({ code }) => {
          if (waiters.delete(look)) reject(new Error(`the socket closed (${code}) before the frame came`))
        })
        look()
      })
    },
    closed,
    close: () => ws.close(),
  }
}

/** Opens a socket and authenticates it with an ID token: resolves once the server said `ready`. */
export async function openAuthenticatedLive(baseUrl: string, token: string, options: { origin?: string } = {}) {
  const socket = await openLive(baseUrl, options)
  socket.send({ type: 'auth', token })
  await socket.next((m) => m.type === 'ready')
  return socket
}

/** Subscribes to a topic; resolves with the answer (`subscribed` or `refused`). */
export async function subscribe(socket: LiveTestSocket, topic: string) {
  socket.send({ type: 'subscribe', topic })
  return socket.next((m) => (m.type === 'subscribed' || m.type === 'refused') && m.topic === topic)
}

/** Every vehicle state received on a topic so far, in order. */
export function vehiclesOn(socket: LiveTestSocket, topic: string): VehicleTelemetry[] {
  return socket.messages.flatMap((m) => (m.type === 'event' && m.topic === topic ? (m.data as { vehicles: VehicleTelemetry[] }).vehicles : []))
}

/** A telemetry state for tests. */
export const telemetry = (tenantId: string, deviceId: string, extra: Partial<VehicleTelemetry> = {}): VehicleTelemetry => ({
  deviceId,
  tenantId,
  time: Date.now(),
  position: { lat: 21.3, lon: -157.85, altitudeM: 120 },
  ...extra,
})
