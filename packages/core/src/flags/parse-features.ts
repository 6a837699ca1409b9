import { consoleLogger, type Logger } from '../platform/logger'
import type { FeatureFlags } from './feature-flags'

const PREFIX = '[@honu/core] feature flags:'

/**
 * Reads the `features` value (spec §1: a JSON map) into flags. Accepts the JSON text or an already parsed
 * object. Only `true` turns a flag on. A malformed map logs a warning and leaves every flag off; a single
 * non-boolean value logs a warning and leaves that flag off. Never throws.
 *
 * @example parseFeatures('{"mission_planning":true}') // { mission_planning: true }
 */
export function parseFeatures(raw: unknown, logger: Logger = consoleLogger): FeatureFlags {
  if (raw === undefined || raw === null || raw === '') return {}
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      logger.warn(`${PREFIX} the features value is not valid JSON; every flag is off.`)
      return {}
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    logger.warn(`${PREFIX} the features value is not a JSON map; every flag is off.`)
    return {}
  }
  const flags: Record<string, boolean> = {}
  for (const [name, on] of Object.entries(value)) {
    if (typeof on === 'boolean') flags[name] = on
    else {
      logger.warn(`${PREFIX} "${name}" is not true or false; it is off.`)
      flags[name] = false
    }
  }
  return flags
}
