import { describe, expect, it } from 'vitest'
import { layoutSteps, layoutTopology, packLayout, unpackLayout, type GraphLayout, type LayoutInput } from './graph-layout'

const alpha: LayoutInput = {
  tenant: { id: 'alpha' },
  structureVersion: 3,
  networks: [
    { id: 'alpha/remote', overlaps: [{ id: 'bravo/remote', tenantId: 'bravo' }] },
    { id: 'alpha/vpn', overlaps: [] },
  ],
  devices: [
    { id: 'cam-1', kind: 'camera', networkId: 'alpha/remote' },
    { id: 'veh-1', kind: 'vehicle', networkId: 'alpha/remote' },
    { id: 'cam-2', kind: 'camera', networkId: 'alpha/remote' },
    { id: 'rdp-1', kind: 'remote_access', networkId: 'alpha/vpn' },
    { id: 'odd-1', kind: 'unknown' },
  ],
}

const node = (layout: GraphLayout, key: string) => layout.nodes.find((n) => n.key === key)!
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y)

describe('layoutTopology', () => {
  it('puts the tenant at the centre, its networks around it and each device beside its network', () => {
    const layout = layoutTopology(alpha)
    expect(layout.nodes[0]).toMatchObject({ key: 't:alpha', kind: 'tenant', id: 'alpha', x: 0, y: 0 })
    const remote = node(layout, 'n:alpha/remote')
    const vpn = node(layout, 'n:alpha/vpn')
    expect(remote).toMatchObject({ kind: 'network', parent: 't:alpha' })
    expect(distance(remote, vpn)).toBeGreaterThan(4)
    for (const id of ['cam-1', 'veh-1', 'cam-2']) {
      const device = node(layout, `d:${id}`)
      expect(device.parent).toBe('n:alpha/remote')
      expect(distance(device, remote)).toBeLessThan(distance(device, vpn))
    }
    expect(node(layout, 'd:rdp-1').parent).toBe('n:alpha/vpn')
    // Held by no network: hangs from the tenant, in a cluster of its own.
    expect(node(layout, 'd:odd-1').parent).toBe('t:alpha')
    expect(distance(node(layout, 'd:odd-1'), remote)).toBeGreaterThan(2)
  })

  it('groups a cluster by kind, then keeps the model order', () => {
    const layout = layoutTopology(alpha)
    const remoteDevices = layout.nodes.filter((n) => n.parent === 'n:alpha/remote' && n.kind === 'device').map((n) => n.id)
    expect(remoteDevices).toEqual(['cam-1', 'cam-2', 'veh-1'])
  })

  it('draws another tenant’s overlapping network as a node of its own with an overlap edge', () => {
    const layout = layoutTopology(alpha)
    expect(node(layout, 'n:bravo/remote')).toMatchObject({ kind: 'foreign-network', id: 'bravo/remote', parent: 'n:alpha/remote' })
    expect(layout.edges.filter((e) => e.kind === 'overlap')).toEqual([
      { key: 'o:n:alpha/remote|n:bravo/remote', source: 'n:alpha/remote', target: 'n:bravo/remote', kind: 'overlap' },
    ])
    // Outside the cluster it overlaps, further from the tenant.
    expect(distance(node(layout, 'n:bravo/remote'), { x: 0, y: 0 })).toBeGreaterThan(distance(node(layout, 'n:alpha/remote'), { x: 0, y: 0 }))
  })

  it('joins the tenant’s own overlapping networks once, and places a foreign network shared by both once', () => {
    const layout = layoutTopology({
      tenant: { id: 'charlie' },
      networks: [
        {
          id: 'charlie/remote',
          overlaps: [
            { id: 'charlie/vpn', tenantId: 'charlie' },
            { id: 'delta/vpn', tenantId: 'delta' },
          ],
        },
        {
          id: 'charlie/vpn',
          overlaps: [
            { id: 'charlie/remote', tenantId: 'charlie' },
            { id: 'delta/vpn', tenantId: 'delta' },
          ],
        },
      ],
      devices: [],
    })
    expect(layout.nodes.map((n) => n.key)).toEqual(['t:charlie', 'n:charlie/remote', 'n:charlie/vpn', 'n:delta/vpn'])
    expect(
      layout.edges
        .filter((e) => e.kind === 'overlap')
        .map((e) => e.key)
        .sort(),
    ).toEqual(['o:n:charlie/remote|n:charlie/vpn', 'o:n:charlie/remote|n:delta/vpn', 'o:n:charlie/vpn|n:delta/vpn'])
  })

  it('has one edge into every node but the tenant, and no two nodes on one spot', () => {
    const devices = Array.from({ length: 500 }, (_, i) => ({
      id: `d${i}`,
      kind: ['camera', 'vehicle', 'remote_access', 'unknown'][i % 4]!,
      networkId: i % 3 === 0 ? 'alpha/vpn' : 'alpha/remote',
    }))
    const layout = layoutTopology({ ...alpha, devices })
    const targets = layout.edges.filter((e) => e.kind !== 'overlap').map((e) => e.target)
    expect(new Set(targets).size).toBe(layout.nodes.length - 2) // not the tenant, not Bravo's network (an overlap)
    const spots = new Set(layout.nodes.map((n) => `${n.x},${n.y}`))
    expect(spots.size).toBe(layout.nodes.length)
    expect(layout.nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y))).toBe(true)
  })

  it('is deterministic, and the sliced layout answers the same', () => {
    const devices = Array.from({ length: 9000 }, (_, i) => ({
      id: `d${i}`,
      kind: i % 7 === 0 ? 'vehicle' : 'camera',
      networkId: i % 2 ? 'alpha/vpn' : undefined,
    }))
    const input = { ...alpha, devices }
    const once = layoutTopology(input)
    expect(layoutTopology(structuredClone(input))).toEqual(once)
    const steps = layoutSteps(input, 1000)
    let slices = 0
    let step = steps.next()
    while (!step.done) {
      slices++
      step = steps.next()
    }
    expect(slices).toBeGreaterThanOrEqual(9)
    expect(step.value).toEqual(once)
  })

  it('lays out a tenant with no networks and no devices as the tenant alone', () => {
    expect(layoutTopology({ tenant: { id: 'empty' }, networks: [], devices: [] })).toEqual({
      tenantId: 'empty',
      structureVersion: undefined,
      nodes: [{ key: 't:empty', kind: 'tenant', id: 'empty', x: 0, y: 0, size: 16 }],
      edges: [],
    })
  })

  it('packs into transferable arrays and unpacks to the same layout, overlaps, foreign networks and loose devices too', () => {
    const devices = Array.from({ length: 500 }, (_, i) => ({
      id: `d:${i}|x`,
      kind: i % 3 ? 'camera' : 'vehicle',
      networkId: i % 4 ? 'alpha/remote' : undefined,
    }))
    for (const input of [alpha, { ...alpha, devices }, { tenant: { id: 'empty' }, networks: [], devices: [] }]) {
      const layout = layoutTopology(input)
      const { packed, transfer } = packLayout(layout)
      expect(transfer.every((buffer) => buffer instanceof ArrayBuffer)).toBe(true)
      // As the worker sends it: the arrays moved, not copied.
      const received = structuredClone(packed, { transfer })
      expect(packed.places.byteLength).toBe(0)
      expect(unpackLayout(received)).toEqual(layout)
    }
  })
})
