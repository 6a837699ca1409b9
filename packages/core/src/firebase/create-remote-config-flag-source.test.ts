import { beforeEach, describe, expect, it, vi } from 'vitest'

// A boundary fake: there is no Remote Config emulator. The SDK functions are replaced so the adapter's own
// behaviour (settings, signal limit, error mapping, parsing) is tested; the SDK's retry policy is its own.
const sdk = vi.hoisted(() => ({
  fetchAndActivate: vi.fn(async () => true),
  setCustomSignals: vi.fn(async () => undefined),
  value: '{"mission_planning":true}',
}))
vi.mock('firebase/remote-config', () => ({
  fetchAndActivate: sdk.fetchAndActivate,
  setCustomSignals: sdk.setCustomSignals,
  getValue: () => ({ asString: () => sdk.value }),
}))

const { createRemoteConfigFlagSource, toRemoteConfigError } = await import('./create-remote-config-flag-source')

const fakeRemoteConfig = () => ({ settings: { fetchTimeoutMillis: 0, minimumFetchIntervalMillis: 0 } }) as never
const quiet = () => ({ warn: vi.fn(), error: vi.fn() })

beforeEach(() => {
  sdk.value = '{"mission_planning":true}'
  sdk.fetchAndActivate.mockReset().mockResolvedValue(true)
  sdk.setCustomSignals.mockReset().mockResolvedValue(undefined)
})

describe('createRemoteConfigFlagSource', () => {
  it('applies the §9 settings: 60 s fetch timeout, 12 h minimum interval', () => {
    const rc = fakeRemoteConfig() as { settings: unknown }
    createRemoteConfigFlagSource(rc as never)
    expect(rc.settings).toEqual({ fetchTimeoutMillis: 60_000, minimumFetchIntervalMillis: 43_200_000 })
  })

  it('reads the features key', async () => {
    await expect(createRemoteConfigFlagSource(fakeRemoteConfig()).load()).resolves.toEqual({ mission_planning: true })
  })

  it('sends up to 100 custom signals and refuses more with custom-signal-max-allowed-signals', async () => {
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`s${i}`, i]))
    await createRemoteConfigFlagSource(fakeRemoteConfig(), { customSignals: hundred, logger: quiet() }).load()
    expect(sdk.setCustomSignals).toHaveBeenCalledTimes(1)
    const logger = quiet()
    await createRemoteConfigFlagSource(fakeRemoteConfig(), { customSignals: { ...hundred, extra: 1 }, logger }).load()
    expect(sdk.setCustomSignals).toHaveBeenCalledTimes(1)
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ code: 'remote-config/custom-signal-max-allowed-signals' }))
  })

  it('logs a fetch failure with its catalogue code and falls back to the activated value', async () => {
    sdk.fetchAndActivate.mockRejectedValue(Object.assign(new Error('x'), { code: 'remoteconfig/fetch-status', customData: { httpStatus: 503 } }))
    const logger = quiet()
    await expect(createRemoteConfigFlagSource(fakeRemoteConfig(), { logger }).load()).resolves.toEqual({
      mission_planning: true,
    })
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ code: 'remote-config/fetch-status', message: expect.stringContaining('503') }))
  })

  it('leaves every flag off for a malformed map', async () => {
    sdk.value = '{nope'
    await expect(createRemoteConfigFlagSource(fakeRemoteConfig(), { logger: quiet() }).load()).resolves.toEqual({})
  })
})

describe('toRemoteConfigError', () => {
  it.each(['fetch-timeout', 'fetch-throttle', 'fetch-status', 'fetch-client-network', 'fetch-client-parse', 'custom-signal-max-allowed-signals'])(
    'maps remoteconfig/%s',
    (code) => {
      expect(toRemoteConfigError({ code: `remoteconfig/${code}` }).code).toBe(`remote-config/${code}`)
    },
  )
  it('maps anything else to remote-config/unknown', () => {
    expect(toRemoteConfigError(new Error('boom')).code).toBe('remote-config/unknown')
  })
})
