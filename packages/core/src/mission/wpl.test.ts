import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { MissionPlan } from './mission-plan'
import { generateSurveyPattern } from './survey-pattern'
import { readWpl, writeWpl } from './wpl'

/** Mission Planner's waypoint list from QGroundControl's own tests (CRLF line ends, as Mission Planner writes). */
const missionPlanner = readFileSync(new URL('../../test/fixtures/qgc/MissionPlanner.waypoints.txt', import.meta.url), 'utf8')

const read = (text: string) => {
  const result = readWpl(text)
  if (!result.ok) throw new Error(`refused: ${result.error.message}`)
  return result
}
const refusal = (text: string) => {
  const result = readWpl(text)
  if (result.ok) throw new Error('read a file that should be refused')
  expect(result).not.toHaveProperty('value')
  return result.error
}
/** The fixture with one line's tab-separated columns changed. */
const withLine = (line: number, change: (columns: string[]) => string[]) => {
  const lines = missionPlanner.split('\r\n')
  lines[line - 1] = change(lines[line - 1]!.split('\t')).join('\t')
  return lines.join('\r\n')
}

describe('readWpl on QGroundControl’s test list', () => {
  it('reads home, waypoints and a speed change, and reports every other command by its index', () => {
    expect(missionPlanner).toContain('\r\n')
    const { value: plan, notKept } = read(missionPlanner)
    expect(plan.home).toEqual({ lat: 40.122269, lon: -105.170967, alt: 1543.079956 })
    expect(plan.items.map((item) => item.kind === 'waypoint' && [item.lat, item.lon, item.alt, item.frame, item.speed])).toEqual([
      [40.122993, -105.167717, 100, 'relative', undefined],
      [40.120598, -105.16703, 100, 'relative', undefined],
      [40.118942, -105.173714, 100, 'relative', undefined],
      [40.12027, -105.175835, 100, 'relative', undefined],
      [40.121994, -105.174843, 100, 'relative', undefined],
      [40.120796, -105.169289, 100, 'relative', undefined],
      // Line 10's DO_CHANGE_SPEED (air speed 15 m/s) applies from the next waypoint on.
      [40.119156, -105.175896, 50, 'relative', 15],
      [40.121551, -105.176829, 25, 'relative', undefined],
    ])
    expect(notKept.map(({ index, command }) => [index, command])).toEqual([
      [1, 22], // NAV_TAKEOFF
      [7, 177], // DO_JUMP
      [8, 18], // NAV_LOITER_TURNS
      [11, 189], // DO_LAND_START
      [14, 21], // NAV_LAND
    ])
    expect(notKept.every((entry) => entry.code === 'item/command')).toBe(true)
  })

  it('keeps every item it read through a write and a second read', () => {
    const first = read(missionPlanner).value
    const written = writeWpl(first)
    expect(written.notKept).toEqual([])
    expect(written.text.split('\n')[0]).toBe('QGC WPL 110')
    expect(written.text.split('\n')[1]).toBe('0\t1\t0\t16\t0\t0\t0\t0\t40.122269\t-105.170967\t1543.079956\t1')
    const again = read(written.text)
    expect(again.notKept).toEqual([])
    expect(again.value).toEqual(first)
  })
})

describe('writeWpl', () => {
  const survey: MissionPlan = {
    items: [
      {
        kind: 'survey',
        polygon: [
          { lat: 0, lon: 0 },
          { lat: 0, lon: 0.004 },
          { lat: 0.003, lon: 0.004 },
        ],
        spacing: 50,
        heading: 0,
        alt: 30,
        frame: 'relative',
        speed: 5,
      },
    ],
    geofence: {
      polygons: [
        {
          inclusion: true,
          polygon: [
            { lat: 0, lon: 0 },
            { lat: 1, lon: 0 },
            { lat: 1, lon: 1 },
          ],
        },
      ],
      circles: [],
    },
    rallyPoints: [{ lat: 0.001, lon: 0.001, alt: 20 }],
  }

  it('writes a survey as its waypoints and reports it, with the fence and rally points it cannot hold', () => {
    const { waypoints } = generateSurveyPattern(survey.items[0] as Parameters<typeof generateSurveyPattern>[0])
    const { text, notKept } = writeWpl(survey)
    expect(notKept.map(({ code, index, kind }) => [code, index, kind])).toEqual([
      ['item/expanded', 0, 'survey'],
      ['item/not-written', 0, 'polygon'],
      ['item/not-written', 0, 'rally'],
    ])
    expect(notKept[0]!.message).toBe(`Item 1: the survey is written as its ${waypoints.length} waypoints.`)
    const again = read(text)
    // No home: line 0 at (0, 0).
    expect(again.value.home).toBeUndefined()
    expect(again.value.items).toHaveLength(waypoints.length)
    expect(again.value.items[0]).toEqual({ kind: 'waypoint', ...waypoints[0], alt: 30, frame: 'relative', speed: 5, holdSeconds: 0 })
  })
})

describe('malformed lists are refused with the line and the reason', () => {
  it('an empty file or a wrong header', () => {
    expect(refusal('').code).toBe('file/empty')
    expect(refusal(missionPlanner.replace('QGC WPL 110', 'QGC WPL 100'))).toMatchObject({
      code: 'file/wpl-header',
      values: { header: 'QGC WPL 100' },
    })
    expect(refusal('{"fileType": "Plan"}').code).toBe('file/wpl-header')
  })

  it('a line with a column too few or too many', () => {
    expect(refusal(withLine(3, (c) => c.slice(0, 11)))).toMatchObject({ code: 'file/wpl-columns', values: { line: 3, count: 11 } })
    const extra = refusal(withLine(5, (c) => [...c, '0']))
    expect(extra.message).toBe('Line 5 of the waypoint list has 13 columns instead of 12.')
  })

  it('NaN or text where a coordinate belongs, and a position out of range', () => {
    const nan = refusal(withLine(4, (c) => c.map((v, i) => (i === 8 ? 'nan' : v))))
    expect(nan).toMatchObject({ code: 'file/wpl-number', values: { line: 4, column: 9, value: 'nan' } })
    expect(refusal(withLine(4, (c) => c.map((v, i) => (i === 3 ? 'WAYPOINT' : v)))).values).toMatchObject({ column: 4 })
    expect(refusal(withLine(6, (c) => c.map((v, i) => (i === 8 ? '95.5' : v))))).toMatchObject({ code: 'file/wpl-position', values: { line: 6 } })
  })

  it('reads nan in P1 to P4 as unset, as QGroundControl writes it', () => {
    const plan = read(withLine(4, (c) => c.map((v, i) => (i === 7 ? 'nan' : v)))).value
    expect(plan.items).toHaveLength(8)
  })
})
