import { messages } from '../errors/messages'
import { consoleLogger, type Logger } from '../platform/logger'
import type { HttpClient } from './http-client'

const healthUrl = (apiHost: string) => `${apiHost.replace(/\/+$/, '')}/health`

/**
 * `GET {api-host}/health`. Only success is checked; a failure only logs, as spec §7 and §8 say: 'Ping to API
 * failed.' for a non-2xx answer, 'Error while pinging API:' with the error when no answer came.
 *
 * @returns whether the API answered with success.
 */
export async function pingHealth(http: HttpClient, apiHost: string, logger: Logger = consoleLogger): Promise<boolean> {
  try {
    await http.request('GET', healthUrl(apiHost))
    return true
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status
    if (typeof status === 'number' && status > 0) logger.warn(messages.pingFailed)
    else logger.error(messages.pingError, error)
    return false
  }
}
