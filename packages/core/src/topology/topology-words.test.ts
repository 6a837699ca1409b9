import { describe, expect, it } from 'vitest'
import { DEVICE_KINDS, DEVICE_STATES, type NetworkKind } from './topology-model'
import { topologyWords } from './topology-words'

const NETWORK_KINDS: readonly NetworkKind[] = ['remote', 'vpn']
/** The keys a caller words a value with: `kind_<kind>`, `state_<state>`, `network_<kind>` (topology-words.ts). */
const keys = [...DEVICE_KINDS.map((k) => `kind_${k}`), ...DEVICE_STATES.map((s) => `state_${s}`), ...NETWORK_KINDS.map((k) => `network_${k}`)]

describe('topologyWords', () => {
  it('lists every device kind and live state the spec names, once each', () => {
    expect([...DEVICE_KINDS].sort()).toEqual(['camera', 'remote_access', 'unknown', 'vehicle'])
    expect([...DEVICE_STATES].sort()).toEqual(['offline', 'online', 'stale'])
  })

  it('has an English word for every kind, state and network kind, and no other', () => {
    expect(Object.keys(topologyWords.messages).sort()).toEqual([...keys].sort())
    for (const key of keys) expect((topologyWords.messages as Record<string, string>)[key]?.trim(), key).toBeTruthy()
  })

  it('loads a German word for every key, under the book’s id', async () => {
    expect(topologyWords.id).toBe('core.topology')
    const load = topologyWords.translations['de-DE']
    expect(load).toBeTypeOf('function')
    const german = (await load!())[topologyWords.id]
    expect(Object.keys(german ?? {}).sort()).toEqual([...keys].sort())
    for (const key of keys) expect(german![key]?.trim(), key).toBeTruthy()
  })

  it('words the kinds apart in each language (no two kinds, states or networks share a word)', async () => {
    const german = (await topologyWords.translations['de-DE']!())[topologyWords.id]!
    for (const words of [topologyWords.messages as Record<string, string>, german]) {
      for (const prefix of ['kind_', 'state_', 'network_']) {
        const group = keys.filter((k) => k.startsWith(prefix)).map((k) => words[k])
        expect(new Set(group).size, prefix).toBe(group.length)
      }
    }
  })
})
