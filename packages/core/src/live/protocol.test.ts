import { describe, expect, it } from 'vitest'
import {
  DEVICE_OFFLINE_AFTER_MS,
  DEVICE_STALE_AFTER_MS,
  deviceStateAt,
  devicesTopic,
  parseClientMessage,
  parseDevicesEventData,
  parseTenantTopic,
  controlTopic,
  parseControlEventData,
  parseServerMessage,
  parseVehiclesEventData,
  parseVehiclesTopic,
  vehiclesTopic,
  executionsTopic,
  parseExecutionsEventData,
  parseOrganisationTopic,
} from './protocol'
import { remoteDesktopPath } from './remote-desktop'

describe('live protocol', () => {
  it('parses every client frame and rejects others', () => {
    expect(parseClientMessage('{"type":"auth","token":"t"}')).toEqual({ ok: true, value: { type: 'auth', token: 't' } })
    expect(parseClientMessage('{"type":"subscribe","topic":"tenants/a/vehicles"}').ok).toBe(true)
    expect(parseClientMessage('{"type":"unsubscribe","topic":"tenants/a/vehicles"}').ok).toBe(true)
    expect(parseClientMessage('{"type":"auth","token":""}').ok).toBe(false)
    expect(parseClientMessage('{"type":"hello"}').ok).toBe(false)
    expect(parseClientMessage('not json')).toEqual({ ok: false, error: 'the frame is not JSON' })
  })

  it('parses every server frame', () => {
    expect(parseServerMessage('{"type":"ready","uid":"u"}').ok).toBe(true)
    expect(parseServerMessage('{"type":"subscribed","topic":"tenants/a/vehicles"}').ok).toBe(true)
    expect(parseServerMessage('{"type":"refused","topic":"tenants/b/vehicles","code":"forbidden"}').ok).toBe(true)
    expect(parseServerMessage('{"type":"refused","topic":"x","code":"nope"}').ok).toBe(false)
    expect(parseServerMessage('{"type":"error","code":"bad-message","message":"m"}').ok).toBe(true)
    expect(parseServerMessage('{"type":"event","topic":"t","data":{"vehicles":[]}}').ok).toBe(true)
  })

  it('checks the vehicles of an event and names the field at fault', () => {
    const vehicle = { deviceId: 'd', tenantId: 't', time: 1, position: { lat: 47.1, lon: 8.5, altitudeM: 400 }, armed: true }
    expect(parseVehiclesEventData({ vehicles: [vehicle] })).toEqual({ ok: true, value: { vehicles: [vehicle] } })
    const bad = parseVehiclesEventData({ vehicles: [{ ...vehicle, position: { lat: 91, lon: 0, altitudeM: 0 } }] })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.error).toContain('vehicles.0.position.lat')
    expect(parseVehiclesEventData({ vehicles: [{ tenantId: 't', time: 1 }] }).ok).toBe(false)
  })

  it('names and reads vehicles topics', () => {
    expect(vehiclesTopic('t1')).toBe('tenants/t1/vehicles')
    expect(parseVehiclesTopic('tenants/t1/vehicles')).toBe('t1')
    expect(parseVehiclesTopic('tenants/t1/chat/x')).toBeUndefined()
  })

  it('names and reads devices topics, and no other feed', () => {
    expect(devicesTopic('t1')).toBe('tenants/t1/devices')
    expect(parseTenantTopic('tenants/t1/devices')).toEqual({ tenantId: 't1', feed: 'devices' })
    expect(parseTenantTopic('tenants/t1/vehicles')).toEqual({ tenantId: 't1', feed: 'vehicles' })
    expect(parseTenantTopic('tenants/t1/devices/x')).toBeUndefined()
    expect(parseTenantTopic('tenants//devices')).toBeUndefined()
    expect(parseTenantTopic('tenants/t1/cameras')).toBeUndefined()
    expect(controlTopic('t1')).toBe('tenants/t1/control')
    expect(parseTenantTopic('tenants/t1/control')).toEqual({ tenantId: 't1', feed: 'control' })
    expect(parseVehiclesTopic('tenants/t1/devices')).toBeUndefined()
  })

  it('reads control frames and control events, and names the field at fault', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'control', tenantId: 't1', deviceId: 'd1', action: 'request' }))).toEqual({
      ok: true,
      value: { type: 'control', tenantId: 't1', deviceId: 'd1', action: 'request' },
    })
    expect(parseClientMessage(JSON.stringify({ type: 'control', tenantId: 't1', deviceId: 'd1', action: 'steal' }))).toMatchObject({ ok: false })
    const lease = { deviceId: 'd1', tenantId: 't1', holder: { uid: 'u1', name: 'Cora' }, since: 1, idleUntil: 2, requests: [], viewers: [] }
    expect(parseControlEventData({ leases: [lease] })).toEqual({ ok: true, value: { leases: [lease] } })
    expect(parseControlEventData({ leases: [{ ...lease, requests: [{ uid: '' }] }] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('leases.0.requests.0'),
    })
  })

  it('checks the devices of an event and names the field at fault', () => {
    const online = { deviceId: 'cam', tenantId: 't', state: 'online', lastSeen: 1000 }
    const never = { deviceId: 'ra', tenantId: 't', state: 'offline' }
    expect(parseDevicesEventData({ devices: [online, never] })).toEqual({ ok: true, value: { devices: [online, never] } })
    const bad = parseDevicesEventData({ devices: [online, { ...never, state: 'asleep' }] })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.error).toContain('devices.1.state')
    expect(parseDevicesEventData({ devices: [{ ...online, lastSeen: Number.NaN }] }).ok).toBe(false)
    expect(parseDevicesEventData({ devices: [{ ...online, deviceId: '' }] }).ok).toBe(false)
    expect(parseDevicesEventData({ vehicles: [] }).ok).toBe(false)
  })

  it('tells a device state from its last sign of life, at the thresholds', () => {
    const now = 1_000_000
    expect(deviceStateAt(undefined, now)).toBe('offline')
    expect(deviceStateAt(now, now)).toBe('online')
    expect(deviceStateAt(now - DEVICE_STALE_AFTER_MS + 1, now)).toBe('online')
    expect(deviceStateAt(now - DEVICE_STALE_AFTER_MS, now)).toBe('stale')
    expect(deviceStateAt(now - DEVICE_OFFLINE_AFTER_MS + 1, now)).toBe('stale')
    expect(deviceStateAt(now - DEVICE_OFFLINE_AFTER_MS, now)).toBe('offline')
    expect(DEVICE_STALE_AFTER_MS).toBe(5000)
    expect(DEVICE_OFFLINE_AFTER_MS).toBe(60_000)
    const short = { staleAfterMs: 100, offlineAfterMs: 300 }
    expect([99, 100, 299, 300].map((ago) => deviceStateAt(now - ago, now, short))).toEqual(['online', 'stale', 'stale', 'offline'])
  })

  it('parses the rest of the server frames the client acts on', () => {
    expect(parseServerMessage('{"type":"refused","topic":"tenants/a/x","code":"unknown-topic"}')).toEqual({
      ok: true,
      value: { type: 'refused', topic: 'tenants/a/x', code: 'unknown-topic' },
    })
    const result = { type: 'control-result', tenantId: 't1', deviceId: 'd1', action: 'release', ok: false, code: 'not-holder' }
    expect(parseServerMessage(JSON.stringify(result))).toEqual({ ok: true, value: result })
    for (const action of ['request', 'release', 'take']) {
      const frame = { type: 'control', tenantId: 't1', deviceId: 'd1', action }
      expect(parseClientMessage(JSON.stringify(frame))).toEqual({ ok: true, value: frame })
    }
  })

  // The client's edge: a frame the schema rejects never reaches the channel (live-channel.ts drops and logs it).
  it.each([
    ['not an object', '"ready"', undefined],
    ['null', 'null', undefined],
    ['an array', '[{"type":"ready","uid":"u"}]', undefined],
    ['no type', '{"uid":"u"}', 'type'],
    ['an unknown type', '{"type":"hello"}', 'type'],
    ['ready without uid', '{"type":"ready"}', 'uid'],
    ['ready with a numeric uid', '{"type":"ready","uid":1}', 'uid'],
    ['subscribed with an empty topic', '{"type":"subscribed","topic":""}', 'topic'],
    ['subscribed with a topic too long', JSON.stringify({ type: 'subscribed', topic: 'x'.repeat(513) }), 'topic'],
    ['refused with an empty code', '{"type":"refused","topic":"tenants/a/vehicles","code":""}', 'code'],
    ['refused with an unknown code', '{"type":"refused","topic":"tenants/a/vehicles","code":"nope"}', 'code'],
    ['refused without topic', '{"type":"refused","code":"forbidden"}', 'topic'],
    ['error with another code', '{"type":"error","code":"oops","message":"m"}', 'code'],
    ['error without message', '{"type":"error","code":"bad-message"}', 'message'],
    ['event without topic', '{"type":"event","data":{}}', 'topic'],
    ['control-result without ok', '{"type":"control-result","tenantId":"t","deviceId":"d","action":"take"}', 'ok'],
    ['control-result with an unknown action', '{"type":"control-result","tenantId":"t","deviceId":"d","action":"steal","ok":true}', 'action'],
    ['control-result with an empty code', '{"type":"control-result","tenantId":"t","deviceId":"d","action":"take","ok":false,"code":""}', 'code'],
    ['control-result with an empty device', '{"type":"control-result","tenantId":"t","deviceId":"","action":"take","ok":true}', 'deviceId'],
  ])('rejects a server frame: %s, naming the field at fault', (_, text, field) => {
    const parsed = parseServerMessage(text)
    expect(parsed.ok).toBe(false)
    if (field) expect(!parsed.ok && parsed.error).toMatch(new RegExp(`^${field}: `))
  })

  it('reads every telemetry field and rejects a malformed one, naming it', () => {
    const vehicle = {
      deviceId: 'd',
      tenantId: 't',
      systemId: 1,
      time: 1,
      position: { lat: 47.1, lon: 8.5, altitudeM: 400, relativeAltitudeM: 20 },
      headingDeg: 90,
      groundSpeedMs: 3,
      airSpeedMs: 4,
      climbMs: 0.5,
      attitude: { rollDeg: 1, pitchDeg: 2, yawDeg: 3 },
      battery: { voltageV: 12.6, currentA: 3, remainingPct: 80, remainingS: 600 },
      mode: 'AUTO',
      armed: true,
      gps: { fixType: 3, satellites: 12, hdop: 0.8 },
      link: { quality: 98 },
    }
    expect(parseVehiclesEventData({ vehicles: [vehicle] })).toEqual({ ok: true, value: { vehicles: [vehicle] } })
    const faults: [string, unknown][] = [
      ['attitude.rollDeg', { ...vehicle, attitude: { ...vehicle.attitude, rollDeg: 'level' } }],
      ['battery.voltageV', { ...vehicle, battery: { voltageV: Number.POSITIVE_INFINITY } }],
      ['gps.fixType', { ...vehicle, gps: { satellites: 3 } }],
      ['link.quality', { ...vehicle, link: { quality: 101 } }],
    ]
    for (const [field, bad] of faults) {
      const parsed = parseVehiclesEventData({ vehicles: [bad] })
      expect(!parsed.ok && parsed.error, field).toContain(`vehicles.0.${field}`)
    }
  })

  it('reads a topic only when the whole of it is a tenant feed', () => {
    for (const topic of ['xtenants/t1/vehicles', 'a/tenants/t1/vehicles', 'tenants/t1/vehiclesx', 'tenants/t1/devices/']) {
      expect(parseTenantTopic(topic), topic).toBeUndefined()
    }
  })

  it('names the executions topic of an organisation and reads only that whole topic', () => {
    expect(executionsTopic('org-honu')).toBe('organisations/org-honu/executions')
    expect(parseOrganisationTopic('organisations/org-honu/executions')).toEqual({ organisationId: 'org-honu', feed: 'executions' })
    for (const topic of ['organisations//executions', 'organisations/o/executions/x', 'xorganisations/o/executions', 'organisations/o/missions']) {
      expect(parseOrganisationTopic(topic), topic).toBeUndefined()
    }
    // An organisation's topic is not a tenant's, and the other way round.
    expect(parseTenantTopic('organisations/o/executions')).toBeUndefined()
    expect(parseOrganisationTopic('tenants/o/vehicles')).toBeUndefined()
  })

  it('checks the executions of an event and names the field at fault', () => {
    const execution = {
      executionId: 'e1',
      organisationId: 'o1',
      missionId: 'm1',
      platformId: 'p1',
      status: 'running',
      itemCount: 3,
      uploadedItems: 3,
      currentItem: 1,
      reachedItems: [0],
      progress: 1 / 3,
      startedAt: 1,
      updatedAt: 2,
    }
    expect(parseExecutionsEventData({ executions: [execution] })).toEqual({ ok: true, value: { executions: [execution] } })
    const faults: [string, unknown][] = [
      ['status', { ...execution, status: 'flying' }],
      ['progress', { ...execution, progress: 1.5 }],
      ['reachedItems.0', { ...execution, reachedItems: [-1] }],
      ['executionId', { ...execution, executionId: '' }],
    ]
    for (const [field, bad] of faults) {
      const parsed = parseExecutionsEventData({ executions: [bad] })
      expect(!parsed.ok && parsed.error, field).toContain(`executions.0.${field}`)
    }
  })

  it('names the remote-desktop bridge of a device, its id escaped', () => {
    expect(remoteDesktopPath('cam-1')).toBe('/api/v1/devices/cam-1/desktop')
    expect(remoteDesktopPath('a/b c?')).toBe('/api/v1/devices/a%2Fb%20c%3F/desktop')
  })
})
