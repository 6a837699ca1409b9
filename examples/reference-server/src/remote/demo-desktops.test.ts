import { describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import { readDemoDesktops } from './demo-desktops'

describe('the remote-desktop settings', () => {
  it('read npm start’s desktops, and refuse an entry that is not device=host:port', () => {
    expect(readDemoDesktops(undefined)).toEqual([])
    expect(readDemoDesktops('alpha-ra-1=127.0.0.1:5901, bravo-ra-1=localhost:5902')).toEqual([
      { deviceId: 'alpha-ra-1', host: '127.0.0.1', port: 5901 },
      { deviceId: 'bravo-ra-1', host: 'localhost', port: 5902 },
    ])
    expect(() => readDemoDesktops('alpha-ra-1=127.0.0.1')).toThrow('HONU_DEMO_DESKTOPS: "alpha-ra-1=127.0.0.1" is not device=host:port.')
  })

  it('read the bridge’s limits in seconds, with defaults, and name a bad value', () => {
    expect(readConfig({})).toMatchObject({ desktop: { idleMs: 900_000, sessionLimitMs: 28_800_000 }, controlIdleMs: 120_000 })
    expect(readConfig({ HONU_DESKTOP_IDLE_SECONDS: '60', HONU_CONTROL_IDLE_SECONDS: '30' })).toMatchObject({
      desktop: { idleMs: 60_000 },
      controlIdleMs: 30_000,
    })
    expect(() => readConfig({ HONU_DESKTOP_SESSION_LIMIT_SECONDS: '1.5' })).toThrow(
      'HONU_DESKTOP_SESSION_LIMIT_SECONDS must be a whole number of seconds from 1 to 604800, not "1.5".',
    )
    expect(() => readConfig({ HONU_VNC_ALLOWED_HOSTS: 'not a host' })).toThrow('HONU_VNC_ALLOWED_HOSTS')
  })
})
