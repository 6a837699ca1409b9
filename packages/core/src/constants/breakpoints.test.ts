import { describe, expect, it } from 'vitest'
import { BREAKPOINTS, SCREEN_BANDS, bandOf } from './breakpoints'

describe('screen breakpoints (spec §9)', () => {
  it('are 600, 1024, 1440 and 1920 px', () => {
    expect(Object.values(BREAKPOINTS)).toEqual([600, 1024, 1440, 1920])
    expect(SCREEN_BANDS).toEqual(['xs', 'sm', 'md', 'lg', 'xl'])
  })

  it.each([
    [0, 'xs'],
    [320, 'xs'],
    [599.5, 'xs'],
    [600, 'sm'],
    [1023, 'sm'],
    [1023.98, 'sm'],
    [1024, 'md'],
    [1439, 'md'],
    [1440, 'lg'],
    [1919, 'lg'],
    [1920, 'xl'],
    [3840, 'xl'],
    [Number.POSITIVE_INFINITY, 'xl'],
  ] as const)('a width of %s px is in band %s', (width, band) => {
    expect(bandOf(width)).toBe(band)
  })

  it('answers the widest band for a width not measured yet', () => {
    expect(bandOf(Number.NaN)).toBe('xl')
  })

  it('puts every breakpoint at the start of its own band, in order', () => {
    const starts = Object.values(BREAKPOINTS).map(bandOf)
    expect(starts).toEqual(SCREEN_BANDS.slice(1))
    expect(Object.values(BREAKPOINTS).map((px) => bandOf(px - 1))).toEqual(SCREEN_BANDS.slice(0, -1))
  })
})
