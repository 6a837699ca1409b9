import type { LiveSocket, LiveSocketFactory } from '@honu/core'
import type { DevicePresence } from '@honu/core/live'

/** A live channel's server side at the unit boundary: what it has sent, and a way to send a devices delta. */
export interface FakeLiveServer {
  /** Pass as `createLiveSocket` of `createConsoleClient`. */
  createSocket: LiveSocketFactory
  /** Sends a delta on the tenant's devices topic (only the devices whose state changed), as the server's sweep does. */
  sendDevices(tenantId: string, devices: DevicePresence[]): void
}

/**
 * A fake of the reference server's live channel speaking the real protocol (`@honu/core/live`): it answers `auth`
 * with `ready`, a subscription to `tenants/<id>/devices` with `subscribed` and a snapshot of `presence` (devices of
 * that tenant that are not offline), a vehicles topic with an empty snapshot. For stories and unit tests; the real
 * channel is tested against the reference server.
 */
export function fakeLiveServer(presence: readonly DevicePresence[]): FakeLiveServer {
  const sockets: LiveSocket[] = []
  const reply = (socket: LiveSocket, message: unknown) => queueMicrotask(() => socket.onmessage?.({ data: JSON.stringify(message) }))
  return {
    createSocket() {
      let open = false
      const socket: LiveSocket = {
        get readyState() {
          return open ? 1 : 0
        },
        send(data) {
          const message = JSON.parse(String(data)) as { type: string; topic?: string }
          if (message.type === 'auth') reply(socket, { type: 'ready', uid: 'story' })
          if (message.type !== 'subscribe' || !message.topic) return
          const topic = message.topic
          reply(socket, { type: 'subscribed', topic })
          const devices = /^tenants\/([^/]+)\/devices$/.exec(topic)
          if (devices)
            reply(socket, { type: 'event', topic, data: { devices: presence.filter((p) => p.tenantId === devices[1] && p.state !== 'offline') } })
          else reply(socket, { type: 'event', topic, data: { vehicles: [] } })
        },
        close() {
          open = false
        },
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      }
      sockets.push(socket)
      queueMicrotask(() => {
        open = true
        socket.onopen?.({})
      })
      return socket
    },
    sendDevices(tenantId, devices) {
      for (const socket of sockets) reply(socket, { type: 'event', topic: `tenants/${tenantId}/devices`, data: { devices } })
    },
  }
}
