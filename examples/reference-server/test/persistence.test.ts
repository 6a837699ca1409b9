import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { clientsAs, startTestServer } from './test-server'

const dir = mkdtempSync(join(tmpdir(), 'honu-pglite-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('PGlite data folder', () => {
  it('keeps data across a server restart and does not seed over it', async () => {
    const first = await startTestServer({ dataDir: dir })
    const wes = await clientsAs(first, 'wes@honu.test')
    const created = (await wes.v1.createVideo('alpha', { name: 'Survives restart', source: 'rtsp://x' })) as { video_id: string }
    await wes.v1.deleteVideo('alpha', 'alpha-dock')
    await first.close()

    const second = await startTestServer({ dataDir: dir })
    try {
      const again = await clientsAs(second, 'wes@honu.test')
      const { items } = await again.v1.listVideos('alpha')
      expect(items.find((v) => v.video_id === created.video_id)?.name).toBe('Survives restart')
      expect(items.some((v) => v.video_id === 'alpha-dock')).toBe(false)
    } finally {
      await second.close()
    }
  })
})
