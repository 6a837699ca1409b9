import type { FeatureFlags } from './feature-flags'
import type { FlagSource } from './flag-source'
import { parseFeatures } from './parse-features'
import type { Logger } from '../platform/logger'

/**
 * Flags fixed at start-up: for tests, demos and hosts that decide flags themselves. Accepts a map or the
 * `features` JSON text.
 *
 * @example createStaticFlagSource({ mission_planning: true })
 */
export function createStaticFlagSource(features: FeatureFlags | string, logger?: Logger): FlagSource {
  const flags = parseFeatures(features, logger)
  return { load: () => Promise.resolve(flags) }
}
