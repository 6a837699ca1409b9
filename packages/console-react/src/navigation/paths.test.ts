import { describe, expect, it } from 'vitest'
import { PATHS, pathsUnder } from './paths'

describe('pathsUnder', () => {
  it('puts every console path under the base path', () => {
    const ops = pathsUnder('/ops')
    expect(ops.streams).toBe('/ops/streams')
    expect(ops.networkGraph).toBe('/ops/networktopology/networkgraph')
    expect(ops.root).toBe('/ops')
    expect(Object.keys(ops)).toEqual(Object.keys(PATHS))
  })

  it('ignores a trailing slash, and the site root gives the paths as they are', () => {
    expect(pathsUnder('/partner/ops/').login).toBe('/partner/ops/login')
    expect(pathsUnder('')).toEqual(PATHS)
    expect(pathsUnder('/')).toEqual(PATHS)
  })
})
