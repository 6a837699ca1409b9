import { describe, expect, it } from 'vitest'
import type { Device } from '../api/v1-types'
import {
  applyPresence,
  buildTopology,
  countDevices,
  EMPTY_FILTER,
  filterDevices,
  isEmptyFilter,
  matchesFilter,
  renameInModel,
} from './topology-model'

const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.10.0.0/16', vpn_cidr: '10.200.0.0/24' }
const bravo = { tenant_id: 'bravo', name: 'Bravo Fleet', remote_cidr: '10.10.128.0/20', vpn_cidr: '10.201.0.0/24' }
const charlie = { tenant_id: 'charlie', name: 'Charlie Survey', remote_cidr: '172.20.0.0/16', vpn_cidr: 'fd00:c::/64' }

const device = (device_id: string, name: string, kind: Device['kind'], address: string | null): Device => ({
  device_id,
  tenant_id: 'alpha',
  name,
  kind,
  address,
})
const devices: Device[] = [
  device('alpha-usv-1', 'USV Kahu', 'vehicle', '10.10.2.1'),
  device('alpha-cam-1', 'Bow camera', 'camera', '10.10.1.10'),
  device('alpha-ra-2', 'VPN jump host', 'remote_access', '10.200.0.7'),
  device('alpha-sonar', 'Side-scan sonar', 'unknown', '192.168.9.9'),
  device('alpha-nowhere', 'Loose tag', 'unknown', null),
]

/** Devices at the first and last address of each of alpha's networks, and just outside either end (issue 29). */
const edgeDevices: Device[] = [
  device('remote-first', 'Remote first', 'camera', '10.10.0.0'),
  device('remote-last', 'Remote last', 'camera', '10.10.255.255'),
  device('remote-before', 'Remote before', 'camera', '10.9.255.255'),
  device('remote-after', 'Remote after', 'camera', '10.11.0.0'),
  device('vpn-first', 'VPN first', 'remote_access', '10.200.0.0'),
  device('vpn-last', 'VPN last', 'remote_access', '10.200.0.255'),
  device('vpn-before', 'VPN before', 'remote_access', '10.199.255.255'),
  device('vpn-after', 'VPN after', 'remote_access', '10.200.1.0'),
]

describe('buildTopology', () => {
  it('gives the tenant’s networks with ranges and the overlap with another visible tenant, named', () => {
    const model = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo, charlie], devices, presence: {} })
    expect(model.tenant).toEqual({ id: 'alpha', name: 'Alpha Harbour' })
    expect(model.networks.map((n) => [n.id, n.kind, n.cidr, n.range])).toEqual([
      ['alpha/remote', 'remote', '10.10.0.0/16', { start: '10.10.0.0', end: '10.10.255.255' }],
      ['alpha/vpn', 'vpn', '10.200.0.0/24', { start: '10.200.0.0', end: '10.200.0.255' }],
    ])
    expect(model.networks[0]!.overlaps).toEqual([
      { id: 'bravo/remote', tenantId: 'bravo', tenantName: 'Bravo Fleet', kind: 'remote', cidr: '10.10.128.0/20' },
    ])
    expect(model.networks[1]!.overlaps).toEqual([])
  })

  it('never names a network of a tenant the user cannot see', () => {
    const model = buildTopology({ tenant: alpha, visibleTenants: [alpha], devices, presence: {} })
    expect(model.networks.flatMap((n) => n.overlaps)).toEqual([])
    expect(JSON.stringify(model)).not.toContain('bravo')
  })

  it('puts each device in the network that holds its address, else in none, and sorts by name', () => {
    const model = buildTopology({ tenant: alpha, visibleTenants: [alpha], devices, presence: {} })
    expect(model.devices.map((d) => [d.id, d.networkId])).toEqual([
      ['alpha-cam-1', 'alpha/remote'],
      ['alpha-nowhere', undefined],
      ['alpha-sonar', undefined],
      ['alpha-usv-1', 'alpha/remote'],
      ['alpha-ra-2', 'alpha/vpn'],
    ])
    expect(model.devices.find((d) => d.id === 'alpha-nowhere')!.address).toBe('')
  })

  it('puts a device at either end of a network in it, and one just outside either end in none', () => {
    const model = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices: edgeDevices, presence: {} })
    expect(Object.fromEntries(model.devices.map((d) => [d.id, d.networkId]))).toEqual({
      'remote-first': 'alpha/remote',
      'remote-last': 'alpha/remote',
      'remote-before': undefined,
      'remote-after': undefined,
      'vpn-first': 'alpha/vpn',
      'vpn-last': 'alpha/vpn',
      'vpn-before': undefined,
      'vpn-after': undefined,
    })
  })

  it.each([
    // A single-address network holds exactly its address.
    ['10.10.5.5/32', '10.10.5.5', true],
    ['10.10.5.5/32', '10.10.5.4', false],
    ['10.10.5.5/32', '10.10.5.6', false],
    ['10.10.5.4/31', '10.10.5.5', true],
    ['10.10.5.4/31', '10.10.5.6', false],
    ['0.0.0.0/0', '0.0.0.0', true],
    ['0.0.0.0/0', '255.255.255.255', true],
    ['fd00:c::/64', 'fd00:c::', true],
    ['fd00:c::/64', 'fd00:c::ffff:ffff:ffff:ffff', true],
    ['fd00:c::/64', 'fd00:c:0:1::', false],
    ['fd00:c::/64', 'fd00:b:ffff:ffff:ffff:ffff:ffff:ffff', false],
    ['fd00:c::7/128', 'fd00:c::7', true],
    ['fd00:c::7/128', 'fd00:c::8', false],
    // The IPv6 address with the same numbers as an IPv4 one is not in the IPv4 network, nor the reverse.
    ['10.10.0.0/16', '::a0a:1', false],
    ['::a0a:0/112', '10.10.0.1', false],
  ])('a remote network %s holds a device at %s: %s', (cidr, address, inside) => {
    const model = buildTopology({
      tenant: { ...alpha, remote_cidr: cidr, vpn_cidr: null },
      visibleTenants: [],
      devices: [device('d1', 'Edge', 'camera', address)],
      presence: {},
    })
    expect(model.devices[0]!.networkId).toBe(inside ? 'alpha/remote' : undefined)
  })

  it('reads IPv6 networks and flags a malformed CIDR as invalid without a range', () => {
    const model = buildTopology({
      tenant: { ...charlie, remote_cidr: '172.20.0.0/33' },
      visibleTenants: [],
      devices: [{ ...device('c1', 'Drone', 'vehicle', 'fd00:c::12'), tenant_id: 'charlie' }],
      presence: {},
    })
    expect(model.networks.map((n) => [n.id, n.valid, n.range])).toEqual([
      ['charlie/remote', false, undefined],
      ['charlie/vpn', true, { start: 'fd00:c::', end: 'fd00:c::ffff:ffff:ffff:ffff' }],
    ])
    expect(model.devices[0]!.networkId).toBe('charlie/vpn')
  })

  it('takes states from the live channel; a device it has not reported is offline; counts by kind and state', () => {
    const model = buildTopology({
      tenant: alpha,
      visibleTenants: [alpha],
      devices,
      presence: {
        'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: 1000 },
        'alpha-cam-1': { deviceId: 'alpha-cam-1', tenantId: 'alpha', state: 'stale', lastSeen: 500 },
      },
    })
    expect(model.devices.map((d) => [d.id, d.state])).toEqual([
      ['alpha-cam-1', 'stale'],
      ['alpha-nowhere', 'offline'],
      ['alpha-sonar', 'offline'],
      ['alpha-usv-1', 'online'],
      ['alpha-ra-2', 'offline'],
    ])
    expect(model.counts.vehicle).toEqual({ online: 1, stale: 0, offline: 0 })
    expect(model.counts.camera).toEqual({ online: 0, stale: 1, offline: 0 })
    expect(model.counts.unknown).toEqual({ online: 0, stale: 0, offline: 2 })
    expect(model.counts.remote_access).toEqual({ online: 0, stale: 0, offline: 1 })
  })
})

describe('buildTopology: networks, devices and versions', () => {
  it.each([
    ['no CIDR', null, null, []],
    ['empty CIDRs', '', '', []],
    ['blank CIDRs', '   ', '\t', []],
    ['a remote network only', '10.10.0.0/16', null, ['alpha/remote']],
    ['a VPN only', ' ', '10.200.0.0/24', ['alpha/vpn']],
  ])('a tenant with %s has only the networks it names', (_, remote_cidr, vpn_cidr, ids) => {
    const model = buildTopology({ tenant: { ...alpha, remote_cidr, vpn_cidr }, visibleTenants: [], devices, presence: {} })
    expect(model.networks.map((n) => n.id)).toEqual(ids)
  })

  it('names no overlap with another tenant’s blank or missing CIDR', () => {
    const blank = { ...bravo, remote_cidr: ' ', vpn_cidr: null }
    const model = buildTopology({ tenant: { ...alpha, remote_cidr: '0.0.0.0/0' }, visibleTenants: [alpha, blank], devices: [], presence: {} })
    expect(model.networks.flatMap((n) => n.overlaps.map((o) => o.id))).toEqual(['alpha/vpn', 'alpha/remote'])
  })

  it('names the overlap on both sides: each tenant’s model names the other’s network', () => {
    const ofAlpha = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices: [], presence: {} })
    const ofBravo = buildTopology({ tenant: bravo, visibleTenants: [alpha, bravo], devices: [], presence: {} })
    expect(ofAlpha.networks.map((n) => [n.id, n.overlaps.map((o) => o.id)])).toEqual([
      ['alpha/remote', ['bravo/remote']],
      ['alpha/vpn', []],
    ])
    expect(ofBravo.networks.map((n) => [n.id, n.overlaps.map((o) => o.id)])).toEqual([
      ['bravo/remote', ['alpha/remote']],
      ['bravo/vpn', []],
    ])
    expect(ofBravo.networks[0]!.overlaps).toEqual([
      { id: 'alpha/remote', tenantId: 'alpha', tenantName: 'Alpha Harbour', kind: 'remote', cidr: '10.10.0.0/16' },
    ])
  })

  it('names every network a network overlaps, from either side', () => {
    const wide = { tenant_id: 'wide', name: 'Wide', remote_cidr: '10.0.0.0/8', vpn_cidr: null }
    const model = buildTopology({ tenant: wide, visibleTenants: [alpha, bravo, wide], devices: [], presence: {} })
    expect(model.networks[0]!.overlaps.map((o) => o.id).sort()).toEqual(['alpha/remote', 'alpha/vpn', 'bravo/remote', 'bravo/vpn'])
  })

  it.each(['not-an-ip', 'camera.local', '10.10.1', '10.10.1.300', 'fd00:c::g'])(
    'puts a device whose address is no IP address (%s) in no network, and keeps the address',
    (address) => {
      const model = buildTopology({ tenant: alpha, visibleTenants: [], devices: [device('d1', 'Odd', 'camera', address)], presence: {} })
      expect(model.devices[0]).toMatchObject({ id: 'd1', address })
      expect(model.devices[0]!.networkId).toBeUndefined()
    },
  )

  it('sorts devices of the same name by id, whatever the order they come in', () => {
    const same = ['c', 'a', 'b'].map((id) => device(id, 'Buoy', 'unknown', null))
    for (const order of [same, [...same].reverse(), [same[1]!, same[2]!, same[0]!]]) {
      const model = buildTopology({ tenant: alpha, visibleTenants: [], devices: order, presence: {} })
      expect(model.devices.map((d) => d.id)).toEqual(['a', 'b', 'c'])
    }
    const mixed = [device('z', 'Buoy', 'unknown', null), device('y', 'Anchor', 'unknown', null), device('x', 'Buoy', 'unknown', null)]
    expect(buildTopology({ tenant: alpha, visibleTenants: [], devices: mixed, presence: {} }).devices.map((d) => d.id)).toEqual(['y', 'x', 'z'])
  })

  it('starts at version 1 and structure version 1, or at the versions given', () => {
    const input = { tenant: alpha, visibleTenants: [], devices, presence: {} }
    expect(buildTopology(input)).toMatchObject({ version: 1, structureVersion: 1 })
    expect(buildTopology(input, {})).toMatchObject({ version: 1, structureVersion: 1 })
    expect(buildTopology(input, { version: 7, structureVersion: 3 })).toMatchObject({ version: 7, structureVersion: 3 })
    expect(buildTopology(input, { structureVersion: 4 })).toMatchObject({ version: 1, structureVersion: 4 })
  })
})

// Models are built inside the tests, not when a describe block is collected: an exception there would fail the file
// before any test runs, which the mutation run (StrykerJS) does not count as a failing test.
const alphaModel = () => buildTopology({ tenant: alpha, visibleTenants: [alpha], devices, presence: {} })

describe('applyPresence', () => {
  it('keeps unchanged devices (same objects) and the structure, bumps the version and the counts', () => {
    const model = alphaModel()
    const next = applyPresence(model, { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: 9 } })
    expect(next.version).toBe(model.version + 1)
    expect(next.structureVersion).toBe(model.structureVersion)
    expect(next.devices.find((d) => d.id === 'alpha-usv-1')).toMatchObject({ state: 'online', lastSeen: 9 })
    expect(next.devices.find((d) => d.id === 'alpha-cam-1')).toBe(model.devices.find((d) => d.id === 'alpha-cam-1'))
    expect(next.counts.vehicle.online).toBe(1)
  })

  it('answers the same model when nothing changed', () => {
    const model = alphaModel()
    expect(applyPresence(model, {})).toBe(model)
  })

  it('takes a new last-seen time with the same state, and drops one the channel no longer gives', () => {
    const at = (lastSeen?: number) => ({
      'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online' as const, ...(lastSeen === undefined ? {} : { lastSeen }) },
    })
    const seen = applyPresence(alphaModel(), at(5))
    const later = applyPresence(seen, at(9))
    expect(later).not.toBe(seen)
    expect(later.version).toBe(seen.version + 1)
    expect(later.devices.find((d) => d.id === 'alpha-usv-1')).toMatchObject({ state: 'online', lastSeen: 9 })
    const unseen = applyPresence(later, at())
    expect(unseen.devices.find((d) => d.id === 'alpha-usv-1')!.lastSeen).toBeUndefined()
    expect(applyPresence(unseen, at())).toBe(unseen)
  })
})

describe('renameInModel', () => {
  it('renames the tenant and its networks, in overlaps of others too', () => {
    const model = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices, presence: {} })
    const renamed = renameInModel(model, 'Alpha Port')
    expect(renamed.tenant.name).toBe('Alpha Port')
    expect(renamed.networks.every((n) => n.tenantName === 'Alpha Port')).toBe(true)
    expect(renamed.networks[0]!.overlaps[0]!.tenantName).toBe('Bravo Fleet')
    expect(renamed.version).toBe(model.version + 1)
    expect(renamed.structureVersion).toBe(model.structureVersion)
  })

  it('answers the same model for the name it already has', () => {
    const model = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices, presence: {} })
    expect(renameInModel(model, 'Alpha Harbour')).toBe(model)
  })

  it('renames the tenant’s network where it shows in another tenant’s overlaps', () => {
    const model = buildTopology({ tenant: bravo, visibleTenants: [alpha, bravo], devices: [], presence: {} })
    const renamed = renameInModel(model, 'Bravo Marine')
    expect(renamed.networks.map((n) => n.tenantName)).toEqual(['Bravo Marine', 'Bravo Marine'])
    expect(renamed.networks[0]!.overlaps.map((o) => o.tenantName)).toEqual(['Alpha Harbour'])
  })
})

describe('filters', () => {
  const filterModel = () =>
    buildTopology({
      tenant: alpha,
      visibleTenants: [alpha],
      devices,
      presence: { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online' } },
    })

  it('answers every device for the empty filter', () => {
    const model = filterModel()
    expect(filterDevices(model, EMPTY_FILTER)).toBe(model.devices)
  })

  it('filters by kind and by state; empty lists mean any', () => {
    const model = filterModel()
    expect(filterDevices(model, { ...EMPTY_FILTER, kinds: ['unknown'] }).map((d) => d.id)).toEqual(['alpha-nowhere', 'alpha-sonar'])
    expect(filterDevices(model, { ...EMPTY_FILTER, states: ['online'] }).map((d) => d.id)).toEqual(['alpha-usv-1'])
    expect(filterDevices(model, { ...EMPTY_FILTER, kinds: ['camera'], states: ['online'] })).toEqual([])
  })

  it('searches name, address, kind words and the network’s CIDR, every word, case-insensitively', () => {
    const model = filterModel()
    const ids = (query: string) => filterDevices(model, { ...EMPTY_FILTER, query }).map((d) => d.id)
    expect(ids('kahu')).toEqual(['alpha-usv-1'])
    expect(ids('10.200.')).toEqual(['alpha-ra-2'])
    expect(ids('remote access')).toEqual(['alpha-ra-2'])
    expect(ids('10.10.0.0/16 camera')).toEqual(['alpha-cam-1'])
    expect(ids('  ')).toHaveLength(5)
    expect(ids('zebra')).toEqual([])
  })

  it('matches a network’s CIDR only for the devices in that network', () => {
    const model = filterModel()
    const ids = (query: string) => filterDevices(model, { ...EMPTY_FILTER, query }).map((d) => d.id)
    expect(ids('10.10.0.0/16')).toEqual(['alpha-cam-1', 'alpha-usv-1'])
    expect(ids('10.200.0.0/24')).toEqual(['alpha-ra-2'])
    expect(ids('/')).toEqual(['alpha-cam-1', 'alpha-usv-1', 'alpha-ra-2'])
  })

  it.each(['undefined', 'null'])('finds no device for a word none of them has (%s)', (query) => {
    expect(filterDevices(filterModel(), { ...EMPTY_FILTER, query })).toEqual([])
  })

  it('treats a query of blanks as no query: the empty filter, every device, the same list', () => {
    const model = filterModel()
    for (const query of ['', ' ', '  \t ']) {
      expect(isEmptyFilter({ ...EMPTY_FILTER, query })).toBe(true)
      expect(filterDevices(model, { ...EMPTY_FILTER, query })).toBe(model.devices)
    }
    expect(isEmptyFilter({ ...EMPTY_FILTER, query: ' x ' })).toBe(false)
    expect(isEmptyFilter({ ...EMPTY_FILTER, kinds: ['camera'] })).toBe(false)
    expect(isEmptyFilter({ ...EMPTY_FILTER, states: ['stale'] })).toBe(false)
  })

  it('matchesFilter without networks still matches the rest of the text', () => {
    const model = filterModel()
    expect(matchesFilter(model.devices[0]!, { ...EMPTY_FILTER, query: 'bow' })).toBe(true)
  })

  it('countDevices counts every kind and state, zero included', () => {
    expect(countDevices([])).toEqual({
      camera: { online: 0, stale: 0, offline: 0 },
      vehicle: { online: 0, stale: 0, offline: 0 },
      remote_access: { online: 0, stale: 0, offline: 0 },
      unknown: { online: 0, stale: 0, offline: 0 },
    })
  })
})
