import { describe, expect, it } from 'vitest'
import { common } from 'node-mavlink'
import { emptyMissionPlan, flightPath, type MissionPlan } from '@honu/core/mission'
import { planToMissionItems } from './plan-items'

const wp = (lat: number, lon: number, extra: Partial<Extract<MissionPlan['items'][number], { kind: 'waypoint' }>> = {}) =>
  ({ kind: 'waypoint', lat, lon, alt: 10, frame: 'relative', holdSeconds: 0, ...extra }) as const

describe('planToMissionItems', () => {
  it('sends each waypoint as NAV_WAYPOINT in its frame, with its hold time, and counts only those as navigation', () => {
    const plan: MissionPlan = {
      ...emptyMissionPlan(),
      defaultSpeed: 2,
      items: [
        wp(21.3, -157.8, { holdSeconds: 5 }),
        wp(21.31, -157.8, { speed: 4, frame: 'amsl', alt: 30 }),
        wp(21.31, -157.81, { frame: 'terrain' }),
      ],
    }
    const { items, navigation } = planToMissionItems(plan)
    expect(items.map((i) => i.command)).toEqual([
      common.MavCmd.DO_CHANGE_SPEED,
      common.MavCmd.NAV_WAYPOINT,
      common.MavCmd.DO_CHANGE_SPEED,
      common.MavCmd.NAV_WAYPOINT,
      common.MavCmd.NAV_WAYPOINT,
    ])
    expect(navigation).toEqual([1, 3, 4])
    expect(items.map((i) => i.frame)).toEqual([
      common.MavFrame.MISSION,
      common.MavFrame.GLOBAL_RELATIVE_ALT_INT,
      common.MavFrame.MISSION,
      common.MavFrame.GLOBAL_INT,
      common.MavFrame.GLOBAL_TERRAIN_ALT_INT,
    ])
    // Ground speed (param1 = 1) of 2 m/s, then 4 m/s; the first waypoint holds 5 s (param1).
    expect(items[0]!.params?.slice(0, 2)).toEqual([1, 2])
    expect(items[2]!.params?.slice(0, 2)).toEqual([1, 4])
    expect(items[1]).toMatchObject({ x: 21.3, y: -157.8, z: 10, params: [5, 0, 0, Number.NaN] })
    expect(items[3]).toMatchObject({ z: 30 })
  })

  it('flies a survey as its lawnmower pattern, point by point', () => {
    const plan: MissionPlan = {
      ...emptyMissionPlan(),
      items: [
        {
          kind: 'survey',
          polygon: [
            { lat: 21.3, lon: -157.8 },
            { lat: 21.301, lon: -157.8 },
            { lat: 21.301, lon: -157.799 },
            { lat: 21.3, lon: -157.799 },
          ],
          spacing: 20,
          heading: 0,
          alt: 5,
          frame: 'relative',
        },
      ],
    }
    const path = flightPath(plan)
    const { items, navigation } = planToMissionItems(plan)
    expect(path.length).toBeGreaterThan(2)
    expect(items.map((i) => [i.x, i.y])).toEqual(path.map((p) => [p.lat, p.lon]))
    expect(navigation).toEqual(path.map((_p, i) => i))
  })

  it('sends nothing for a plan with no items', () => {
    expect(planToMissionItems(emptyMissionPlan())).toEqual({ items: [], navigation: [] })
  })
})
