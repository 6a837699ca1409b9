import { describe, expect, it } from 'vitest'
import { buildTopology, EMPTY_FILTER } from '@honu/core/topology'
import { alpha, alphaDevices, bravo } from '../__fixtures__/fake-topology'
import { findNodes, hiddenByFilter, indexLayout, moveFocus, siblingPosition } from './graph-index'
import { layoutTopology } from './graph-layout'

const model = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices: alphaDevices, presence: {} })
const index = indexLayout(layoutTopology(model))
const all = () => true

describe('the graph index', () => {
  it('finds the graph key of a device, network or tenant id', () => {
    expect(index.keyOf('alpha-cam-1')).toBe('d:alpha-cam-1')
    expect(index.keyOf('alpha/remote')).toBe('n:alpha/remote')
    expect(index.keyOf('bravo/remote')).toBe('n:bravo/remote')
    expect(index.keyOf('alpha')).toBe('t:alpha')
    expect(index.keyOf('nobody')).toBeUndefined()
    expect(index.keyOf(undefined)).toBeUndefined()
  })

  it('moves up, down and between siblings, wrapping, and starts at the tenant', () => {
    expect(moveFocus(index, undefined, 'next', all)).toBe('t:alpha')
    expect(moveFocus(index, 't:alpha', 'up', all)).toBeUndefined()
    expect(moveFocus(index, 't:alpha', 'down', all)).toBe('n:alpha/remote')
    expect(moveFocus(index, 'n:alpha/remote', 'next', all)).toBe('n:alpha/vpn')
    // The tenant's children: its networks, then the device no network holds; wrapping round.
    expect(moveFocus(index, 'n:alpha/vpn', 'next', all)).toBe('d:alpha-sonar')
    expect(moveFocus(index, 'd:alpha-sonar', 'next', all)).toBe('n:alpha/remote')
    expect(moveFocus(index, 'n:alpha/remote', 'previous', all)).toBe('d:alpha-sonar')
    expect(moveFocus(index, 'n:alpha/remote', 'down', all)).toBe('n:bravo/remote')
    expect(moveFocus(index, 'n:bravo/remote', 'next', all)).toBe('d:alpha-cam-1')
    expect(moveFocus(index, 'd:alpha-cam-1', 'last', all)).toBe('d:alpha-usv-2')
    expect(moveFocus(index, 'd:alpha-usv-2', 'first', all)).toBe('n:bravo/remote')
    expect(moveFocus(index, 'd:alpha-cam-1', 'down', all)).toBeUndefined()
    expect(moveFocus(index, 'd:alpha-cam-1', 'up', all)).toBe('n:alpha/remote')
    expect(moveFocus(index, 'd:alpha-cam-1', 'home', all)).toBe('t:alpha')
  })

  it('skips hidden nodes, and a hidden focus starts again at the tenant', () => {
    const hidden = hiddenByFilter(model, { ...EMPTY_FILTER, kinds: ['vehicle'] })
    expect([...hidden].sort()).toEqual(['d:alpha-cam-1', 'd:alpha-ra-1', 'd:alpha-sonar'])
    const shown = (key: string) => !hidden.has(key)
    expect(moveFocus(index, 'n:bravo/remote', 'next', shown)).toBe('d:alpha-usv-1')
    expect(moveFocus(index, 'n:alpha/vpn', 'down', shown)).toBeUndefined()
    expect(moveFocus(index, 'd:alpha-cam-1', 'next', shown)).toBe('t:alpha')
    expect(siblingPosition(index, 'd:alpha-usv-2', shown)).toEqual({ index: 2, count: 2 })
    expect(hiddenByFilter(model, EMPTY_FILTER).size).toBe(0)
  })

  it('counts a device among its network’s devices and a network among networks', () => {
    expect(siblingPosition(index, 'd:alpha-cam-1', all)).toEqual({ index: 1, count: 3 })
    expect(siblingPosition(index, 'n:bravo/remote', all)).toEqual({ index: 1, count: 1 })
    expect(siblingPosition(index, 'n:alpha/vpn', all)).toEqual({ index: 2, count: 2 })
    expect(siblingPosition(index, 't:alpha', all)).toEqual({ index: 1, count: 1 })
  })

  it('finds shown nodes by their texts, in layout order', () => {
    const texts = (node: { id: string }) => [node.id]
    expect(findNodes(index, texts, 'USV', all)).toEqual(['d:alpha-usv-1', 'd:alpha-usv-2'])
    expect(findNodes(index, texts, '  usv-2 ', all)).toEqual(['d:alpha-usv-2'])
    expect(findNodes(index, texts, 'usv', (key) => key !== 'd:alpha-usv-1')).toEqual(['d:alpha-usv-2'])
    expect(findNodes(index, texts, ' ', all)).toEqual([])
  })
})
