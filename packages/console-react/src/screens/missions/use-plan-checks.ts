import { useMemo } from 'react'
import type { CheckOptions } from '@honu/core/mission'
import { useConsoleClient, useQuery } from '@honu/console-kit'
import { isSurfacePlatform, platformLimits, siteLandQuery, type PlatformRecord } from './mission-data'

/** What a plan is checked by, and whether land could be: see {@link usePlanChecks}. */
export interface PlanChecks {
  check: CheckOptions
  /** For a surface platform: `loading` until the site packs' land is read, `failed` when it could not be. */
  land: 'not-needed' | 'loading' | 'ready' | 'failed'
}

/**
 * What a mission's plan is checked by on its platform: its altitude limits, and for a surface vehicle the land of
 * the server's site packs (one query of the console's cache, read once for every panel), as the server checks it
 * before flying.
 */
export function usePlanChecks(platform: PlatformRecord | undefined): PlanChecks {
  const client = useConsoleClient()
  const surface = isSurfacePlatform(platform)
  const land = useQuery(surface && siteLandQuery(client))
  const limits = platformLimits(platform).check
  const { min, max } = limits.altitudeLimits ?? {}
  const index = land.status === 'ready' ? land.data : undefined
  const check = useMemo<CheckOptions>(
    () => ({ ...(min !== undefined && max !== undefined ? { altitudeLimits: { min, max } } : {}), ...(index ? { isOnLand: index.isOnLand } : {}) }),
    [min, max, index],
  )
  return { check, land: !surface ? 'not-needed' : land.status === 'ready' ? 'ready' : land.status === 'error' ? 'failed' : 'loading' }
}
