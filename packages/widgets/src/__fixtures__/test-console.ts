import { act, waitFor } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { createConsoleClient, type ConsoleClient } from '@honu/core'
import type { LiveSocket } from '@honu/core/live'
import { createFakeAuthAdapter, createFakeServer, createManualScheduler, createMemoryStorage, type FakeAnswer } from '@honu/core/testing'

/** The live client's socket as a test sees it: what the console sent, and its state. */
export interface FakeLiveSocket extends LiveSocket {
  sent: { type: string; [key: string]: unknown }[]
  readyState: number
}

/** The server's side of a console's live socket, once opened and authenticated with the topics subscribed. */
export interface ServedLive {
  socket: FakeLiveSocket
  /** An event on a topic of the tenant (`tenants/<tenant>/<feed>`). */
  event(feed: string, data: unknown): void
  /** Any frame from the server. */
  send(frame: unknown): void
  /** The socket drops without a word (1006). */
  drop(): void
}

export interface TestConsoleOptions {
  uid: string
  /** The user's roles per tenant (their user record's `permissions`). */
  permissions: Record<string, string[]>
  /** The tenant selected, if any. */
  tenant?: { tenant_id: string; name: string }
  /** The fake server's answers (`GET /api/v1/users/<uid>` is the user's record unless given). */
  answers: Record<string, FakeAnswer>
}

/**
 * A signed-in console for a widget's jsdom test: a fake server (`server`: its requests and answers) and a fake live socket (the live client's
 * boundary; the real socket and server are the browser tests'). `serve(feeds)` plays the server's side of the live
 * channel: open, authenticated, each of the tenant's `feeds` subscribed.
 */
export async function createTestConsole({ uid, permissions, tenant, answers }: TestConsoleOptions) {
  const server = createFakeServer({
    [`GET /api/v1/users/${uid}`]: { status: 200, body: { email: `${uid}@honu.test`, permissions } },
    ...answers,
  })
  const sockets: FakeLiveSocket[] = []
  const client: ConsoleClient = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: server.fetch },
    auth: createFakeAuthAdapter({ initialUser: { uid, email: `${uid}@honu.test` } }),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
    createLiveSocket: () => {
      const socket: FakeLiveSocket = {
        sent: [],
        readyState: 0,
        send: (d) => void socket.sent.push(JSON.parse(d)),
        close: () => {},
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      }
      sockets.push(socket)
      return socket
    },
  })
  if (tenant) client.tenant.getState().setTenant(tenant)
  client.start()
  await waitFor(() => expect(client.session.getState().status).toBe('authenticated'))

  async function serve(feeds: readonly string[]): Promise<ServedLive> {
    await waitFor(() => expect(sockets).toHaveLength(1))
    const socket = sockets[0]!
    const send = (frame: unknown) => act(() => socket.onmessage?.({ data: JSON.stringify(frame) }))
    act(() => {
      socket.readyState = 1
      socket.onopen?.({})
    })
    send({ type: 'ready', uid })
    for (const feed of feeds) {
      const topic = `tenants/${tenant?.tenant_id}/${feed}`
      await waitFor(() => expect(socket.sent).toContainEqual({ type: 'subscribe', topic }))
      send({ type: 'subscribed', topic })
    }
    return {
      socket,
      send,
      event: (feed, data) => send({ type: 'event', topic: `tenants/${tenant?.tenant_id}/${feed}`, data }),
      drop: () => act(() => socket.onclose?.({ code: 1006 })),
    }
  }
  return { client, server, sockets, serve }
}
