import { describe, expect, it } from 'vitest'
import type { ManagedDevice } from '@honu/core'
import { deviceChangesOf, deviceFormProblems, deviceFormValues, newDeviceOf, type DeviceFormValues } from './device-form'

const KEY = '0123456789abcdef'.repeat(4)
const blank = deviceFormValues()
const form = (values: Partial<DeviceFormValues>): DeviceFormValues => ({ ...blank, name: 'Rover', ...values })
const kiosk: ManagedDevice = {
  device_id: 'd1',
  tenant_id: 'alpha',
  name: 'Kiosk',
  kind: 'remote_access',
  address: '10.0.0.9',
  mavlink_system_id: null,
  has_signing_key: false,
  desktop: { host: '127.0.0.1', port: 5901, has_password: true },
}

describe('deviceFormValues', () => {
  it('starts a new device as an unnamed camera, and an existing one as stored, its secrets empty', () => {
    expect(blank).toMatchObject({ name: '', kind: 'camera', address: '', systemId: '', host: '', port: '', password: '', signingKey: '' })
    expect(deviceFormValues(kiosk)).toMatchObject({
      name: 'Kiosk',
      kind: 'remote_access',
      address: '10.0.0.9',
      host: '127.0.0.1',
      port: '5901',
      password: '',
    })
  })
})

describe('deviceFormProblems', () => {
  it.each<[string, Partial<DeviceFormValues>, string[]]>([
    ['a named camera', { kind: 'camera' }, []],
    ['a blank name', { name: '  ' }, ['name:missingDeviceName']],
    ['a system id of 0', { kind: 'vehicle', systemId: '0' }, ['systemId:invalidSystemId']],
    ['a system id of 256', { kind: 'vehicle', systemId: '256' }, ['systemId:invalidSystemId']],
    ['a system id of 1.5', { kind: 'vehicle', systemId: '1.5' }, ['systemId:invalidSystemId']],
    ['a system id of 255 and a key', { kind: 'vehicle', systemId: '255', signingKey: KEY }, []],
    ['a key of 63 digits', { kind: 'vehicle', signingKey: KEY.slice(1) }, ['signingKey:invalidSigningKey']],
    ['a key that is not hex', { kind: 'vehicle', signingKey: 'g'.repeat(64) }, ['signingKey:invalidSigningKey']],
    ['a bad key being removed', { kind: 'vehicle', signingKey: 'x', clearSigningKey: true }, []],
    ['a system id on a camera (not shown, not checked)', { kind: 'camera', systemId: 'x' }, []],
    ['a port without a host', { kind: 'remote_access', port: '5900' }, ['host:missingHost']],
    ['a host without a port', { kind: 'remote_access', host: 'localhost' }, ['port:missingPort']],
    ['a port of 70000', { kind: 'remote_access', host: 'localhost', port: '70000' }, ['port:invalidPort']],
    ['no desktop at all', { kind: 'remote_access' }, []],
  ])('%s', (_, values, expected) => {
    expect(deviceFormProblems(form(values)).map((p) => `${p.field}:${p.message}`)).toEqual(expected)
  })
})

describe('newDeviceOf', () => {
  it.each<[string, Partial<DeviceFormValues>, unknown]>([
    [
      'a camera, trimmed, without empty fields',
      { name: ' Cam ', kind: 'camera', address: ' ', systemId: '4', host: 'h', port: '1' },
      { name: 'Cam', kind: 'camera' },
    ],
    [
      'a vehicle with its system id and key',
      { kind: 'vehicle', address: '10.0.0.1', systemId: '12', signingKey: KEY },
      { name: 'Rover', kind: 'vehicle', address: '10.0.0.1', mavlink_system_id: 12, mavlink_signing_key: KEY },
    ],
    [
      'a remote-access device with a desktop and its password',
      { kind: 'remote_access', host: 'localhost', port: '5900', password: 'pw' },
      { name: 'Rover', kind: 'remote_access', desktop: { host: 'localhost', port: 5900, password: 'pw' } },
    ],
    ['a remote-access device without a desktop', { kind: 'remote_access', password: 'pw' }, { name: 'Rover', kind: 'remote_access' }],
  ])('%s', (_, values, expected) => {
    expect(newDeviceOf(form(values))).toEqual(expected)
  })
})

describe('deviceChangesOf', () => {
  it.each<[string, Partial<DeviceFormValues>, unknown]>([
    ['a camera: name, and an emptied address cleared', { kind: 'camera', address: '' }, { name: 'Rover', address: null }],
    ['a vehicle, key left empty: kept', { kind: 'vehicle', systemId: '7' }, { name: 'Rover', address: null, mavlink_system_id: 7 }],
    [
      'a vehicle, system id emptied, a new key',
      { kind: 'vehicle', signingKey: KEY },
      { name: 'Rover', address: null, mavlink_system_id: null, mavlink_signing_key: KEY },
    ],
    [
      'a vehicle, key removed',
      { kind: 'vehicle', systemId: '7', signingKey: KEY, clearSigningKey: true },
      { name: 'Rover', address: null, mavlink_system_id: 7, mavlink_signing_key: null },
    ],
    [
      'a desktop, password left empty: kept',
      { kind: 'remote_access', host: 'localhost', port: '5900' },
      { name: 'Rover', address: null, desktop: { host: 'localhost', port: 5900 } },
    ],
    [
      'a desktop with a new password',
      { kind: 'remote_access', host: 'localhost', port: '5900', password: 'new' },
      { name: 'Rover', address: null, desktop: { host: 'localhost', port: 5900, password: 'new' } },
    ],
    [
      'a desktop, password removed',
      { kind: 'remote_access', host: 'localhost', port: '5900', password: 'typed', clearPassword: true },
      { name: 'Rover', address: null, desktop: { host: 'localhost', port: 5900, password: null } },
    ],
    ['a desktop emptied: none, its password with it', { kind: 'remote_access', password: 'x' }, { name: 'Rover', address: null, desktop: null }],
  ])('%s', (_, values, expected) => {
    expect(deviceChangesOf(form(values))).toEqual(expected)
  })
})
