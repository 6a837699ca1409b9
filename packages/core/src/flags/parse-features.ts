import { boolean, custom, pipe, record, string } from 'valibot'
import { consoleLogger, type Logger } from '../platform/logger'
import { parseWith } from '../platform/schema'
import type { FeatureFlags } from './feature-flags'

const PREFIX = '[@honu/core] feature flags:'
const NOT_A_MAP = 'the features value is not a JSON map; every flag is off.'

/**
 * The `features` value (spec §1: a JSON map of flag names to true or false). Every problem is reported (a flag
 * that is not a boolean names itself through `{path}`), not only the first. Built when used: a module-level call
 * would keep valibot in every bundle that imports core (see tenant-store.ts).
 */
const featureMap = () =>
  pipe(
    // record() alone takes an array for a map.
    custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), NOT_A_MAP),
    record(string(), boolean('"{path}" is not true or false; it is off.')),
  )

/**
 * Reads the `features` value (spec §1: a JSON map) into flags, with the {@link featureMap} schema. Accepts the JSON
 * text or an already parsed object. Only `true` turns a flag on. A malformed map logs a warning and leaves every
 * flag off; a single non-boolean value logs a warning naming it and leaves that flag off. Never throws.
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
  const parsed = parseWith(featureMap(), value)
  if (parsed.ok) return parsed.value
  if (parsed.problem === NOT_A_MAP) {
    logger.warn(`${PREFIX} ${NOT_A_MAP}`)
    return {}
  }
  // A map with some values that are not booleans: each of those named and off, the rest as they are.
  for (const problem of parsed.problems) logger.warn(`${PREFIX} ${problem}`)
  const flags: Record<string, boolean> = {}
  for (const [name, on] of Object.entries(value as Record<string, unknown>)) flags[name] = on === true
  return flags
}
