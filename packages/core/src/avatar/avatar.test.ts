import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { avatarInitials, avatarUrl } from './avatar'
import { sha256Hex } from './sha256'

describe('sha256Hex', () => {
  it('matches the FIPS test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
  it('matches Node crypto on any text, including multi-block and non-ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'))
      }),
    )
  })
})

describe('avatarUrl', () => {
  const hash = createHash('sha256').update('ada@example.com').digest('hex')
  it('hashes the trimmed, lowercased e-mail onto the gravatar base', () => {
    expect(avatarUrl('  Ada@Example.COM ')).toBe(`https://www.gravatar.com/avatar/${hash}?d=404`)
  })
  it('uses a configured base and query', () => {
    expect(avatarUrl('ada@example.com', { base: 'https://img.local/a/', query: '' })).toBe(`https://img.local/a/${hash}`)
  })
  it('makes no address without an e-mail or when the network is off', () => {
    expect(avatarUrl('')).toBeUndefined()
    expect(avatarUrl(undefined)).toBeUndefined()
    expect(avatarUrl('ada@example.com', { base: null })).toBeUndefined()
  })
})

describe('avatarInitials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['grace.hopper@navy.mil', 'GH'],
    ['linus@example.com', 'L'],
    ['  ', '?'],
    [undefined, '?'],
    ['élodie durand', 'ÉD'],
  ])('%j → %s', (input, expected) => {
    expect(avatarInitials(input)).toBe(expected)
  })
})
