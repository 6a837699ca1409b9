import type { FastifyReply } from 'fastify'

/**
 * Which live sources are up, for every way of serving them (HLS, MJPEG, WHEP). The test-only switch takes one
 * down: new requests for it are refused, and open streams of it (MJPEG responses, WebRTC sessions) are ended,
 * as when a camera loses power.
 */
export interface LiveSources {
  isDown(id: string): boolean
  setDown(id: string, down: boolean): void
  /** Calls `listener` with a source's id when it goes down; returns the unsubscribe. */
  onDown(listener: (id: string) => void): () => void
}

export function createLiveSources(): LiveSources {
  const down = new Set<string>()
  const listeners = new Set<(id: string) => void>()
  return {
    isDown: (id) => down.has(id),
    setDown(id, isDown) {
      if (!isDown) return void down.delete(id)
      down.add(id)
      for (const listener of listeners) listener(id)
    },
    onDown(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** Answers 503 for a source that is down, whatever the way of serving it; undefined while it is up. */
export function refuseIfDown(sources: LiveSources, id: string, reply: FastifyReply) {
  if (!sources.isDown(id)) return undefined
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .send({ code: 'source-down', message: `The source of stream ${id} is not sending video.` })
}
