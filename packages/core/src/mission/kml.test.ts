import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readKml, writeKml } from './kml'
import { emptyMissionPlan, type MissionPlan } from './mission-plan'
import { flightPath } from './plan-arithmetic'
import { applyShapes } from './shapes'

/** KML from QGroundControl's own tests (test/fixtures/qgc/README.md). */
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/qgc/${name}`, import.meta.url), 'utf8')

const read = (text: string) => {
  const result = readKml(text)
  if (!result.ok) throw new Error(`refused: ${result.error.message}`)
  return result
}
const refusal = (text: string) => {
  const result = readKml(text)
  if (result.ok) throw new Error('read a file that should be refused')
  expect(result).not.toHaveProperty('value')
  return result.error
}
const kml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`

describe('readKml on QGroundControl’s test polygons', () => {
  it('reads the good polygon: its name and its four corners, the closing repeat dropped', () => {
    const { value: shapes, notKept } = read(fixture('PolygonGood.kml'))
    expect(notKept).toEqual([])
    expect(shapes).toEqual([
      {
        kind: 'polygon',
        name: 'Untitled Polygon',
        outer: [
          { lon: -122.1059149362712, lat: 47.65965281788451, alt: 0 },
          { lon: -122.1044593196253, lat: 47.66002598220988, alt: 0 },
          { lon: -122.1047336695092, lat: 47.66034166158975, alt: 0 },
          { lon: -122.1061470943783, lat: 47.6599810708829, alt: 0 },
        ],
        holes: [],
      },
    ])
  })

  it('refuses the file QGroundControl calls badly formed XML (text before the root element)', () => {
    const error = refusal(fixture('PolygonBadXml.kml'))
    expect(error.code).toBe('file/not-xml')
    expect(error.values.detail).toBe('text before the root element (line 1)')
  })

  it('refuses a polygon whose outer boundary has no LinearRing (QGroundControl’s bad coordinates node)', () => {
    const text = fixture('PolygonBadCoordinatesNode.kml')
    expect(refusal(text).code).toBe('file/not-xml')
    // Without the line of text QGroundControl put before it, the file is XML, and the polygon itself is what is wrong.
    const error = refusal(text.replace(/^Incorrectly formed XML test file\n/, ''))
    expect(error).toMatchObject({ code: 'file/kml-coordinates', values: { where: 'Polygon', detail: 'it has no <LinearRing>' } })
  })
})

describe('readKml', () => {
  it('reads lines, points, holes and multi-geometries, and reports geometries it does not read', () => {
    const { value: shapes, notKept } = read(
      kml(`
      <Folder><Placemark><name>Harbour &amp; pier</name><MultiGeometry>
        <Point><coordinates>-157.86,21.3</coordinates></Point>
        <LineString><coordinates><![CDATA[-157.86,21.3 -157.85,21.31,5]]></coordinates></LineString>
      </MultiGeometry></Placemark></Folder>
      <!-- a comment -->
      <Placemark><Polygon>
        <outerBoundaryIs><LinearRing><coordinates>0,0 0,1 1,1 1,0 0,0</coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>0.2,0.2 0.2,0.4 0.4,0.4 0.2,0.2</coordinates></LinearRing></innerBoundaryIs>
      </Polygon></Placemark>
      <Placemark xmlns:gx="http://www.google.com/kml/ext/2.2"><gx:Track><when>2026-11-29T05:00:00Z</when></gx:Track></Placemark>`),
    )
    expect(shapes.map((s) => [s.kind, s.name])).toEqual([
      ['point', 'Harbour & pier'],
      ['line', 'Harbour & pier'],
      ['polygon', undefined],
    ])
    expect(shapes[1]).toMatchObject({
      points: [
        { lat: 21.3, lon: -157.86 },
        { lat: 21.31, lon: -157.85, alt: 5 },
      ],
    })
    expect(shapes[2]).toMatchObject({
      holes: [
        [
          { lat: 0.2, lon: 0.2 },
          { lat: 0.4, lon: 0.2 },
          { lat: 0.4, lon: 0.4 },
        ],
      ],
    })
    expect(notKept).toMatchObject([{ code: 'item/geometry', index: 3, kind: 'Track' }])
  })

  it.each([
    ['a LineString without coordinates', kml('<Placemark><LineString></LineString></Placemark>'), 'file/kml-coordinates', 'it has no <coordinates>'],
    [
      'empty coordinates',
      kml('<Placemark><Point><coordinates> </coordinates></Point></Placemark>'),
      'file/kml-coordinates',
      '<coordinates> is empty',
    ],
    [
      'a latitude out of range',
      kml('<Placemark><Point><coordinates>10,95</coordinates></Point></Placemark>'),
      'file/kml-coordinates',
      '“10,95” is not longitude,latitude[,altitude] in range',
    ],
    [
      'NaN coordinates',
      kml('<Placemark><LineString><coordinates>0,0 NaN,1</coordinates></LineString></Placemark>'),
      'file/kml-coordinates',
      '“NaN,1” is not longitude,latitude[,altitude] in range',
    ],
    [
      'a polygon of two points',
      kml(
        '<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,1 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>',
      ),
      'file/kml-coordinates',
      'a ring needs at least 3 points',
    ],
    ['an unclosed tag', kml('<Placemark><name>x</Placemark>'), 'file/not-xml', '</Placemark> closes <name> (line 2)'],
    ['a truncated file', fixture('PolygonGood.kml').slice(0, 900), 'file/not-xml', undefined],
    ['a DOCTYPE', '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaa">]><kml/>', 'file/not-xml', 'a DOCTYPE, which is not accepted (line 1)'],
    ['an unknown entity', kml('<Placemark><name>&nbsp;</name></Placemark>'), 'file/not-xml', 'the entity “&nbsp;” is not known (line 2)'],
    ['a second root', '<kml/><kml/>', 'file/not-xml', 'content after the root element (line 1)'],
    ['an attribute twice', '<kml a="1" a="2"/>', 'file/not-xml', '<kml> has the attribute a twice (line 1)'],
    ['another kind of XML', '<gpx version="1.1"><trk/></gpx>', 'file/not-kml', undefined],
    ['an empty file', '', 'file/empty', undefined],
  ])('refuses %s', (_, text, code, detail) => {
    const error = refusal(text)
    expect(error.code).toBe(code)
    if (detail !== undefined) expect(error.values.detail).toBe(detail)
  })
})

describe('writeKml and back', () => {
  const plan: MissionPlan = {
    home: { lat: 54.33, lon: 10.15, alt: 2 },
    items: [
      { kind: 'waypoint', lat: 54.331, lon: 10.151, alt: 20, frame: 'relative', holdSeconds: 0 },
      {
        kind: 'survey',
        polygon: [
          { lat: 54.332, lon: 10.152 },
          { lat: 54.332, lon: 10.156 },
          { lat: 54.334, lon: 10.156 },
        ],
        spacing: 30,
        heading: 90,
        alt: 25,
        frame: 'relative',
      },
    ],
    geofence: {
      polygons: [
        {
          inclusion: true,
          polygon: [
            { lat: 54.32, lon: 10.14 },
            { lat: 54.32, lon: 10.17 },
            { lat: 54.34, lon: 10.17 },
            { lat: 54.34, lon: 10.14 },
          ],
        },
        {
          inclusion: false,
          polygon: [
            { lat: 54.3331, lon: 10.1531 },
            { lat: 54.3331, lon: 10.1532 },
            { lat: 54.3332, lon: 10.1532 },
          ],
        },
      ],
      circles: [{ inclusion: false, center: { lat: 54.335, lon: 10.16 }, radius: 40 }],
    },
    rallyPoints: [{ lat: 54.329, lon: 10.149, alt: 30 }],
  }

  it('writes the path, survey areas, fences and rally points as placemarks that read back to the same shapes', () => {
    const { text, notKept } = writeKml(plan)
    expect(notKept.map(({ code, index, kind }) => [code, index, kind])).toEqual([
      ['item/flat', 0, 'waypoint'],
      ['item/flat', 1, 'survey'],
      ['item/not-written', 0, 'circle'],
      ['item/not-written', 0, 'home'],
    ])
    const { value: shapes } = read(text)
    expect(shapes.map((s) => s.name)).toEqual(['Mission path', 'Survey 1', 'Inclusion fence 1', 'Exclusion fence 1', 'Rally point 1'])
    const flat = flightPath(plan).map(({ lat, lon }) => ({ lat, lon }))
    expect(shapes[0]).toEqual({ kind: 'line', name: 'Mission path', points: flat })

    const fences = applyShapes(emptyMissionPlan(), shapes.slice(2, 4), { as: 'inclusion-fence' })
    expect(fences.notKept).toEqual([])
    expect(fences.plan.geofence.polygons.map((p) => p.polygon)).toEqual(plan.geofence.polygons.map((p) => p.polygon))
    const survey = applyShapes(emptyMissionPlan(), [shapes[1]!], { as: 'survey', spacing: 30, heading: 90, alt: 25, frame: 'relative' })
    expect(survey.plan.items).toEqual([plan.items[1]])
    const rally = applyShapes(emptyMissionPlan(), shapes, { as: 'rally', alt: 30 })
    expect(rally.plan.rallyPoints).toEqual(plan.rallyPoints)
    expect(rally.notKept.map(({ index, kind }) => [index, kind])).toEqual([
      [0, 'line'],
      [1, 'polygon'],
      [2, 'polygon'],
      [3, 'polygon'],
    ])
  })

  it('uses a polygon as a path around its outline, and reports its holes', () => {
    const { value: shapes } = read(
      kml(`<Placemark><Polygon>
        <outerBoundaryIs><LinearRing><coordinates>0,0 0,1 1,1 0,0</coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>0.1,0.2 0.1,0.3 0.2,0.3 0.1,0.2</coordinates></LinearRing></innerBoundaryIs>
      </Polygon></Placemark>`),
    )
    const { plan: path, notKept } = applyShapes(emptyMissionPlan(), shapes, { as: 'path', alt: 10, frame: 'relative', speed: 3 })
    expect(path.items.map((i) => i.kind === 'waypoint' && [i.lat, i.lon, i.speed])).toEqual([
      [0, 0, 3],
      [1, 0, undefined],
      [1, 1, undefined],
      [0, 0, undefined],
    ])
    expect(notKept).toMatchObject([{ code: 'item/holes', index: 0, values: { count: 1 } }])
    expect(notKept[0]!.message).toBe('Shape 1: the polygon’s hole is not kept.')
  })
})
