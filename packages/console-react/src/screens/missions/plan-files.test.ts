import { describe, expect, it } from 'vitest'
import { emptyMissionPlan, writeQgcPlan, writeWpl, type MissionPlan } from '@honu/core/mission'
import { exportPlanFile, importPlanFile, planFileKind } from './plan-files'

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon><outerBoundaryIs><LinearRing>
<coordinates>-157.87,21.3 -157.86,21.3 -157.86,21.31 -157.87,21.3</coordinates>
</LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`
const plan: MissionPlan = {
  ...emptyMissionPlan(),
  items: [{ kind: 'waypoint', lat: 21.3, lon: -157.86, alt: 10, frame: 'relative', holdSeconds: 0 }],
}
const at = { alt: 15, frame: 'relative' as const }

describe('planFileKind', () => {
  it.each([
    ['a.plan', '', 'plan'],
    ['a.waypoints', '', 'wpl'],
    ['a.txt', '', 'wpl'],
    ['a.KML', '', 'kml'],
    ['a.geojson', '', 'geojson'],
    ['upload', 'QGC WPL 110\n', 'wpl'],
    ['upload', '  <?xml version="1.0"?><kml/>', 'kml'],
    ['upload.json', '{"fileType": "Plan"}', 'plan'],
    ['upload.json', '{"type": "FeatureCollection"}', 'geojson'],
  ])('%s starting %j is %s', (name, text, kind) => {
    expect(planFileKind(name, text)).toBe(kind)
  })
})

describe('importPlanFile', () => {
  it("replaces the plan with a QGroundControl file's, and with a WPL list's", () => {
    const read = importPlanFile('a.plan', writeQgcPlan(plan).text, emptyMissionPlan(), 'path', at)
    expect(read.ok && read.plan.items).toEqual(plan.items)
    const wpl = importPlanFile('a.waypoints', writeWpl(plan).text, emptyMissionPlan(), 'path', at)
    expect(wpl.ok && wpl.plan.items).toEqual(plan.items)
  })

  it('adds KML shapes to the plan as the caller says, and refuses a malformed file with its reason', () => {
    const fenced = importPlanFile('area.kml', KML, plan, 'inclusion-fence', at)
    expect(fenced.ok && fenced.plan.items).toEqual(plan.items)
    expect(fenced.ok && fenced.plan.geofence.polygons.length).toBe(1)
    const bad = importPlanFile('bad.kml', KML.replace('</Placemark>', ''), plan, 'path', at)
    expect(bad.ok ? undefined : bad.error.code).toBe('file/not-xml')
    const json = importPlanFile('a.plan', '{', plan, 'path', at)
    expect(json).toEqual({ ok: false, error: expect.objectContaining({ code: 'file/not-json' }) })
  })
})

describe('exportPlanFile', () => {
  it('names the file after the mission, without characters a file name cannot hold', () => {
    expect(exportPlanFile(plan, 'North reef: leg 1/2').fileName).toBe('North reef leg 12.plan')
    expect(exportPlanFile(plan, '???').fileName).toBe('mission.plan')
    expect(JSON.parse(exportPlanFile(plan, 'x').text)).toMatchObject({ fileType: 'Plan' })
  })
})
