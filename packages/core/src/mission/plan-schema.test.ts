/* eslint-disable @typescript-eslint/no-explicit-any -- plans are broken on purpose, field by field, through loosely typed copies */
import { describe, expect, it } from 'vitest'
import { checkTranslations } from '../testing/check-translations'
import { translateSource } from '../i18n/create-i18n-store'
import { describeMissionProblem, missionMessages } from './mission-messages'
import type { MissionPlan } from './mission-plan'
import { parseMissionPlan } from './plan-schema'

const plan: MissionPlan = {
  home: { lat: 21.3, lon: -157.86, alt: 3 },
  items: [
    { kind: 'waypoint', lat: 21.301, lon: -157.861, alt: 30, frame: 'relative', holdSeconds: 5, speed: 4 },
    {
      kind: 'survey',
      polygon: [
        { lat: 21.302, lon: -157.862 },
        { lat: 21.302, lon: -157.858 },
        { lat: 21.305, lon: -157.858 },
      ],
      spacing: 40,
      heading: 30,
      alt: 25,
      frame: 'terrain',
    },
  ],
  geofence: { polygons: [], circles: [{ inclusion: false, center: { lat: 21.3, lon: -157.855 }, radius: 12.5 }] },
  rallyPoints: [{ lat: 21.299, lon: -157.861, alt: 15 }],
  defaultSpeed: 3,
  vehicle: { type: 11, autopilot: 3 },
}
const withChange = (change: (copy: any) => void) => {
  const copy = structuredClone(plan) as any
  change(copy)
  return copy as unknown
}

describe('parseMissionPlan', () => {
  it('accepts a plan and answers it as it was, unknown fields dropped', () => {
    expect(parseMissionPlan(plan)).toEqual({ ok: true, plan })
    expect(parseMissionPlan(withChange((p) => (p.draft = true)))).toEqual({ ok: true, plan })
  })

  it.each([
    ['a latitude out of range', (p: any) => (p.items[0].lat = 95), 'items[0].lat must be a latitude (−90 to 90)'],
    ['a NaN longitude', (p: any) => (p.items[0].lon = Number.NaN), 'items[0].lon must be a number'],
    ['a survey of two corners', (p: any) => p.items[1].polygon.pop(), 'items[1].polygon must have at least 3 positions'],
    ['a heading of 360', (p: any) => (p.items[1].heading = 360), 'items[1].heading must be from 0 to under 360'],
    ['a spacing of 0', (p: any) => (p.items[1].spacing = 0), 'items[1].spacing must be above 0'],
    ['an unknown frame', (p: any) => (p.items[0].frame = 'agl'), 'items[0].frame must be relative, amsl or terrain'],
    ['an unknown kind of item', (p: any) => (p.items[0].kind = 'loiter'), 'items[0].kind must be a waypoint or a survey'],
    ['a negative hold', (p: any) => (p.items[0].holdSeconds = -1), 'items[0].holdSeconds must be 0 or more'],
    ['no geofence', (p: any) => delete p.geofence, 'geofence is missing'],
    ['a circle of no radius', (p: any) => (p.geofence.circles[0].radius = 0), 'geofence.circles[0].radius must be above 0'],
  ])('refuses %s, naming the field', (_, change, problem) => {
    expect(parseMissionPlan(withChange(change))).toEqual({ ok: false, problem })
  })
})

describe('missionMessages', () => {
  it('has every message in German too, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([missionMessages])).toEqual([])
  })

  it('words a problem by its code and values', async () => {
    const problem = { code: 'file/wpl-columns' as const, values: { line: 4, count: 11 } }
    expect(describeMissionProblem(translateSource, problem)).toBe('Line 4 of the waypoint list has 11 columns instead of 12.')
    const german = (await missionMessages.translations['de-DE']!())[missionMessages.id]!
    expect(german['file/wpl-columns']).toBe('Zeile {line} der Wegpunktliste hat {count} Spalten statt 12.')
  })
})
