/// <reference types="@fastify/swagger" />
import Fastify from 'fastify'
import { registerLiveMedia } from '../../examples/reference-server/src/routes/live-media'

/** The reference server's live media alone (the committed 360p fixture looped live), for the video benchmark. */
export async function startMediaServer(fixtureDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify()
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
  })
  registerLiveMedia(app, { fixtureDir })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, close: () => app.close() }
}
