import { describe, expect, it } from 'vitest'
import { createPgliteDatabase } from '../src/db/create-pglite-database'
import { migrate } from '../src/db/migrate'
import { seed } from '../src/seed'

describe('migration 4 (tenant-scoped media)', () => {
  it('moves the seeded sources of an existing data folder to their tenant’s media paths and leaves others alone', async () => {
    const db = await createPgliteDatabase()
    try {
      await migrate(db)
      await seed(db)
      // A data folder from before migration 4: its seeded sources in the old shared paths, no secrets table.
      await db.exec(`
        delete from schema_migrations where id = 4;
        drop table server_secrets;
        update videos set source = '/media/live/' || video_id || '/index.m3u8' where source like '%/index.m3u8';
        update videos set source = '/media/live/bravo-rov/whep' where video_id = 'bravo-rov';
        update videos set source = '/media/live/bravo-crane/mjpeg' where video_id = 'bravo-crane';
        update videos set source = '/media/clip.mp4' where video_id = 'bravo-clip';
        insert into videos (video_id, tenant_id, name, source) values ('own', 'alpha', 'Own', 'https://cams.example/live/index.m3u8');
        insert into videos (video_id, tenant_id, name, source) values ('other', 'alpha', 'Other', '/media/live/alpha-bow/index.m3u8');
      `)
      expect(await migrate(db)).toEqual([4])
      const sources = Object.fromEntries(
        (await db.query<{ video_id: string; source: string }>('select video_id, source from videos')).map((v) => [v.video_id, v.source]),
      )
      expect(sources).toMatchObject({
        'alpha-bow': '/media/alpha/alpha-bow/index.m3u8',
        'charlie-drone': '/media/charlie/charlie-drone/index.m3u8',
        'bravo-rov': '/media/bravo/bravo-rov/whep',
        'bravo-crane': '/media/bravo/bravo-crane/mjpeg',
        'bravo-clip': '/media/bravo/bravo-clip/clip.mp4',
        own: 'https://cams.example/live/index.m3u8',
        // Not its own id: not a seeded source, left as its owner wrote it.
        other: '/media/live/alpha-bow/index.m3u8',
      })
      expect(await db.query('select name from server_secrets')).toEqual([])
    } finally {
      await db.close()
    }
  })
})
