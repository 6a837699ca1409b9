import { fetchAndActivate, getValue, setCustomSignals, type RemoteConfig } from 'firebase/remote-config'
import { ConsoleError } from '../errors/console-error'
import { remoteConfigErrorCodes, type RemoteConfigErrorCode } from '../errors/messages'
import { REMOTE_CONFIG } from '../constants/remote-config'
import type { FlagSource } from '../flags/flag-source'
import { parseFeatures } from '../flags/parse-features'
import { consoleLogger, type Logger } from '../platform/logger'

/** Options of {@link createRemoteConfigFlagSource}. */
export interface RemoteConfigFlagSourceOptions {
  /** Custom signals for targeting; at most 100 (spec §9). */
  customSignals?: Record<string, string | number | null>
  logger?: Logger
}

/**
 * Maps a Firebase Remote Config failure to a `ConsoleError` with a catalogue code (spec §8), e.g.
 * `remote-config/fetch-status` with the HTTP status in the message.
 */
export function toRemoteConfigError(error: unknown): ConsoleError {
  const raw = String((error as { code?: unknown } | null)?.code ?? '')
  const name = raw.replace(/^remoteconfig\//, '') as RemoteConfigErrorCode
  const known = (remoteConfigErrorCodes as readonly string[]).includes(name)
  const status = (error as { customData?: { httpStatus?: number } } | null)?.customData?.httpStatus
  const code = `remote-config/${known ? name : 'unknown'}` as const
  const message =
    name === 'fetch-status' && status
      ? `Remote configuration fetch failed with HTTP status ${status}.`
      : `Remote configuration failed (${known ? name : raw || 'unknown error'}).`
  return new ConsoleError({ code, message, cause: error })
}

/**
 * Flags from Firebase Remote Config's `features` key. The host passes its own `RemoteConfig` (from
 * `getRemoteConfig(app)`); core never initialises Firebase. Sets the spec's settings (60 s fetch timeout, 12 h
 * minimum interval). The SDK itself retries 429/500/503/504 with backoff and throttles, which is why this
 * adapter adds no retry of its own. Failures are logged with catalogue codes and answer the last activated
 * flags.
 *
 * @example createRemoteConfigFlagSource(getRemoteConfig(app), { customSignals: { tenant_tier: 'gold' } })
 */
export function createRemoteConfigFlagSource(remoteConfig: RemoteConfig, options: RemoteConfigFlagSourceOptions = {}): FlagSource {
  const logger = options.logger ?? consoleLogger
  remoteConfig.settings = {
    fetchTimeoutMillis: REMOTE_CONFIG.fetchTimeoutMillis,
    minimumFetchIntervalMillis: REMOTE_CONFIG.minimumFetchIntervalMillis,
  }
  return {
    async load() {
      const signals = options.customSignals
      if (signals && Object.keys(signals).length > REMOTE_CONFIG.maxCustomSignals) {
        logger.warn(
          new ConsoleError({
            code: 'remote-config/custom-signal-max-allowed-signals',
            message: `At most ${REMOTE_CONFIG.maxCustomSignals} custom signals are allowed; none were sent.`,
          }),
        )
      } else if (signals) {
        try {
          await setCustomSignals(remoteConfig, signals)
        } catch (error) {
          logger.warn(toRemoteConfigError(error))
        }
      }
      try {
        await fetchAndActivate(remoteConfig)
      } catch (error) {
        logger.warn(toRemoteConfigError(error))
      }
      try {
        return parseFeatures(getValue(remoteConfig, REMOTE_CONFIG.featuresKey).asString(), logger)
      } catch (error) {
        logger.warn(toRemoteConfigError(error))
        return {}
      }
    },
  }
}
