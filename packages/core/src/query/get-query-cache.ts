import type { ConsoleClient } from '../client/create-console-client'
import { cameBack } from '../stores/connection-store'
import { createQueryCache, type QueryCache } from './query-cache'

const QUERY_CACHE_KEY = 'honu.queries'

/**
 * The console's one query cache, created on first use and started and stopped with the console: watched queries
 * that failed load again when the connection returns, and everything is forgotten when the signed-in user changes
 * (sign-out included), so no answer for one user is ever shown to the next; what is still watched then loads for
 * the new user.
 *
 * @example
 * const queries = getQueryCache(client)
 * const videos = await queries.fetch(['videos', tenantId], () => client.v1.listVideos(tenantId))
 */
export function getQueryCache(client: Pick<ConsoleClient, 'use' | 'connection' | 'session'>): QueryCache {
  return client.use(QUERY_CACHE_KEY, ({ scheduler }) => {
    const cache = createQueryCache({ scheduler })
    let stops: (() => void)[] = []
    return Object.assign(cache, {
      start() {
        if (stops.length > 0) return
        stops = [
          client.connection.subscribe((now, before) => void (cameBack(now, before) && cache.retryFailed())),
          client.session.subscribe((now, before) => {
            if (now.user?.uid === before.user?.uid) return
            cache.clear()
            // Still watched under another user (the screen stays, its data is the new user's): load for them. Signed
            // out, nothing loads (the screens leave).
            if (now.user) cache.invalidate()
          }),
        ]
      },
      stop() {
        for (const stop of stops.splice(0)) stop()
      },
    })
  })
}
