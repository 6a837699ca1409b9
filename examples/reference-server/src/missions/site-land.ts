import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLandIndex, type LandIndex } from '@honu/core/mission'
import { SITE_PACK_DIR } from '../routes/site-packs'

/**
 * The land of the server's site packs (their index's files), read once: where a surface vehicle's points must not
 * be (issue 25). A pack that cannot be read is left out with a warning; with none, no point is on land.
 */
export function loadSiteLand(warn: (message: string) => void, dir = SITE_PACK_DIR): LandIndex {
  const collections: unknown[] = []
  try {
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { packs?: { file?: unknown }[] }
    for (const pack of index.packs ?? []) {
      if (typeof pack.file !== 'string' || !/^[a-z0-9][a-z0-9-]*\.(geo)?json$/.test(pack.file)) continue
      try {
        collections.push(JSON.parse(readFileSync(join(dir, pack.file), 'utf8')))
      } catch (error) {
        warn(`site pack ${pack.file} could not be read for the land check: ${(error as Error).message}`)
      }
    }
  } catch (error) {
    warn(`the site packs' index could not be read for the land check: ${(error as Error).message}`)
  }
  return createLandIndex(collections)
}
