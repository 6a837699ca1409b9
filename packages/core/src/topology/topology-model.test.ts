import { describe, expect, it } from 'vitest'
import type { Device } from '../api/v1-types'
import { applyPresence, buildTopology, countDevices, EMPTY_FILTER, filterDevices, matchesFilter, renameInModel } from './topology-model'

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

describe('applyPresence', () => {
  const model = buildTopology({ tenant: alpha, visibleTenants: [alpha], devices, presence: {} })

  it('keeps unchanged devices (same objects) and the structure, bumps the version and the counts', () => {
    const next = applyPresence(model, { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: 9 } })
    expect(next.version).toBe(model.version + 1)
    expect(next.structureVersion).toBe(model.structureVersion)
    expect(next.devices.find((d) => d.id === 'alpha-usv-1')).toMatchObject({ state: 'online', lastSeen: 9 })
    expect(next.devices.find((d) => d.id === 'alpha-cam-1')).toBe(model.devices.find((d) => d.id === 'alpha-cam-1'))
    expect(next.counts.vehicle.online).toBe(1)
  })

  it('answers the same model when nothing changed', () => {
    expect(applyPresence(model, {})).toBe(model)
  })
})

describe('renameInModel', () => {
  it('renames the tenant and its networks, in overlaps of others too', () => {
    const model = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices, presence: {} })
    const renamed = renameInModel(model, 'Alpha Port')
    expect(renamed.tenant.name).toBe('Alpha Port')
    expect(renamed.networks.every((n) => n.tenantName === 'Alpha Port')).toBe(true)
    expect(renamed.networks[0]!.overlaps[0]!.tenantName).toBe('Bravo Fleet')
  })
})

describe('filters', () => {
  const model = buildTopology({
    tenant: alpha,
    visibleTenants: [alpha],
    devices,
    presence: { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online' } },
  })

  it('answers every device for the empty filter', () => {
    expect(filterDevices(model, EMPTY_FILTER)).toBe(model.devices)
  })

  it('filters by kind and by state; empty lists mean any', () => {
    expect(filterDevices(model, { ...EMPTY_FILTER, kinds: ['unknown'] }).map((d) => d.id)).toEqual(['alpha-nowhere', 'alpha-sonar'])
    expect(filterDevices(model, { ...EMPTY_FILTER, states: ['online'] }).map((d) => d.id)).toEqual(['alpha-usv-1'])
    expect(filterDevices(model, { ...EMPTY_FILTER, kinds: ['camera'], states: ['online'] })).toEqual([])
  })

  it('searches name, address, kind words and the network’s CIDR, every word, case-insensitively', () => {
    const ids = (query: string) => filterDevices(model, { ...EMPTY_FILTER, query }).map((d) => d.id)
    expect(ids('kahu')).toEqual(['alpha-usv-1'])
    expect(ids('10.200.')).toEqual(['alpha-ra-2'])
    expect(ids('remote access')).toEqual(['alpha-ra-2'])
    expect(ids('10.10.0.0/16 camera')).toEqual(['alpha-cam-1'])
    expect(ids('  ')).toHaveLength(5)
    expect(ids('zebra')).toEqual([])
  })

  it('matchesFilter without networks still matches the rest of the text', () => {
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
