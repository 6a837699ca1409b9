/// <reference types="@fastify/swagger" />
import Fastify from 'fastify'
import { registerMediaGate } from '../../examples/reference-server/src/media/media-access'
import { registerLiveMedia } from '../../examples/reference-server/src/routes/live-media'

/**
 * The reference server's live media alone (the committed 360p fixture looped live), for the video benchmark. It
 * has no accounts or database: its media check lets every local request through, which the real server never does.
 */
export async function startMediaServer(fixtureDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify()
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
  })
  registerMediaGate(app, async (_request, tenantId, videoId) => ({ tenantId, videoId, uid: 'bench' }))
  registerLiveMedia(app, { fixtureDir })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, close: () => app.close() }
}
