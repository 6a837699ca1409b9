import type { FeatureFlags } from './feature-flags'

/**
 * Where feature flags come from. `load` never rejects: a failure is logged and answers the last known flags or
 * none (every flag off), so a flag service outage never reaches the user as an error.
 */
export interface FlagSource {
  load(): Promise<FeatureFlags>
}
