import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../errors/console-error'
import { cidrContains, cidrOverlaps, findCidrOverlaps } from './cidr-contains'
import { cidrRange, parseCidr, tryCidrRange } from './cidr-range'
import { formatIp, parseIp } from './ip-address'

describe('cidrRange', () => {
  it.each([
    ['10.0.0.0/24', '10.0.0.0', '10.0.0.255'],
    ['10.1.0.0/16', '10.1.0.0', '10.1.255.255'],
    ['192.168.1.77/32', '192.168.1.77', '192.168.1.77'],
    ['10.0.0.5/24', '10.0.0.0', '10.0.0.255'],
    ['0.0.0.0/0', '0.0.0.0', '255.255.255.255'],
    ['172.16.0.0/12', '172.16.0.0', '172.31.255.255'],
    ['2001:db8::/32', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['fd00:1:2:3::/64', 'fd00:1:2:3::', 'fd00:1:2:3:ffff:ffff:ffff:ffff'],
    ['::1/128', '::1', '::1'],
    ['::/0', '::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['::ffff:10.0.0.0/120', '::ffff:a00:0', '::ffff:a00:ff'],
    ['2001:DB8:0:0:1::/80', '2001:db8:0:0:1::', '2001:db8::1:ffff:ffff:ffff'],
  ])('%s → %s – %s', (cidr, start, end) => {
    expect(cidrRange(cidr)).toEqual({ start, end })
  })

  it.each([
    '',
    '10.0.0.0',
    '10.0.0/24',
    '10.0.0.256/24',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/ 8x',
    '010.0.0.0/8',
    'a.b.c.d/8',
    '2001:db8::/129',
    '2001:db8:::1/64',
    '1:2:3:4:5:6:7:8:9/64',
    '1::2::3/64',
    'gggg::/16',
    '1:2:3:4:5:6:7::8/64',
    '/24',
    'fe80::1%eth0/64',
    // Only the spec's form: no whitespace anywhere, no sign, no leading zeros, no empty prefix.
    '10.0.0.0/ 8',
    ' 10.0.0.0/8',
    '10.0.0.0/8 ',
    '10.0.0.0 /8',
    '10.0.0.0/8\n',
    '\t10.0.0.0/8',
    '10.0.0.0/08',
    '10.0.0.0/+8',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0.0/0x8',
    '10.0.0.0/8.0',
    '10.0.0.0/\u0668',
    '10.0.0.+1/8',
    '10.0.00.0/8',
    '2001:db8::/ 32',
    ' 2001:db8::/32',
    '2001:db8:: /32',
    '2001:db8::/032',
    '2001:db8::/+32',
    '2001:db8::/',
    '2001:0db8:00000::/32',
    ':2001:db8::/32',
    '2001:db8:/32',
    '::ffff:010.0.0.1/128',
    '::ffff:10.0.0.1:0/128',
    '[2001:db8::]/32',
  ])('rejects %j with cidr/invalid naming the text', (text) => {
    let caught: unknown
    try {
      cidrRange(text)
    } catch (error) {
      caught = error
    }
    expect(ConsoleError.is(caught)).toBe(true)
    expect((caught as ConsoleError).code).toBe('cidr/invalid')
    expect((caught as ConsoleError).message).toContain(`"${text}"`)
  })

  it('tryCidrRange answers undefined for missing or malformed input instead of throwing', () => {
    expect(tryCidrRange(undefined)).toBeUndefined()
    expect(tryCidrRange('')).toBeUndefined()
    expect(tryCidrRange('nonsense')).toBeUndefined()
    expect(tryCidrRange('10.0.0.0/8')).toEqual({ start: '10.0.0.0', end: '10.255.255.255' })
  })
})

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((o) => o.join('.'))
const ipv6Value = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n })

/** The spec's IPv4 CIDR form, written independently of the parser: the oracle for the differential property. */
const STRICT_IPV4_CIDR = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\/(3[0-2]|[12]?\d)$/
const accepts = (text: string) => {
  try {
    parseCidr(text)
    return true
  } catch (error) {
    if (!ConsoleError.is(error) || error.code !== 'cidr/invalid') throw error
    return false
  }
}
/** A valid CIDR with one character inserted, deleted or replaced anywhere: the near misses a user types. */
const mutated = (valid: fc.Arbitrary<string>, alphabet: string[]) =>
  fc.tuple(valid, fc.nat(), fc.constantFrom(...alphabet), fc.constantFrom('insert', 'delete', 'replace')).map(([text, at, char, how]) => {
    const i = at % (text.length + 1)
    if (how === 'insert') return text.slice(0, i) + char + text.slice(i)
    if (how === 'delete') return text.slice(0, i) + text.slice(i + 1)
    return text.slice(0, i) + char + text.slice(i + 1)
  })

describe('strict form', () => {
  const ipv4Cidr = fc.tuple(ipv4, fc.integer({ min: 0, max: 32 })).map(([a, p]) => `${a}/${p}`)
  const ipv6Cidr = fc
    .tuple(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), fc.integer({ min: 0, max: 128 }))
    .map(([value, p]) => `${formatIp({ version: 6, value })}/${p}`)
  const whitespace = [' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\ufeff']

  it('accepts an IPv4 CIDR exactly when it matches the spec grammar, over near misses of valid ones', () => {
    fc.assert(
      fc.property(mutated(ipv4Cidr, ['0', '1', '9', '.', '/', '+', '-', ' ', 'x']), (text) => {
        expect(accepts(text)).toBe(STRICT_IPV4_CIDR.test(text))
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses whitespace anywhere in an IPv4 or IPv6 CIDR', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4Cidr, ipv6Cidr), fc.nat(), fc.constantFrom(...whitespace), (text, at, space) => {
        const i = at % (text.length + 1)
        expect(accepts(text.slice(0, i) + space + text.slice(i))).toBe(false)
      }),
    )
  })

  it('refuses a signed or zero-padded prefix on either version', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4Cidr, ipv6Cidr), fc.constantFrom('+', '0', '00', '-'), (text, extra) => {
        const slash = text.indexOf('/')
        expect(accepts(`${text.slice(0, slash + 1)}${extra}${text.slice(slash + 1)}`)).toBe(false)
      }),
    )
  })

  it('applies the same strictness to bare addresses', () => {
    expect(() => parseIp(' 10.0.0.1')).toThrow(/" 10\.0\.0\.1"/)
    expect(() => parseIp('::1 ')).toThrow(ConsoleError)
    expect(() => cidrContains('10.0.0.0/8', '10.0.0.1\t')).toThrow(ConsoleError)
    expect(cidrContains('10.0.0.0/8', '10.0.0.1')).toBe(true)
  })

  it('refuses a zero-padded IPv4 octet, alone or as an IPv6 tail', () => {
    fc.assert(
      fc.property(ipv4, fc.integer({ min: 0, max: 3 }), fc.boolean(), (address, index, mapped) => {
        const padded = address
          .split('.')
          .map((octet, i) => (i === index ? `0${octet}` : octet))
          .join('.')
        expect(accepts(mapped ? `::ffff:${padded}/128` : `${padded}/32`)).toBe(false)
      }),
    )
  })
})

describe('properties', () => {
  it('IPv4 and IPv6 addresses round-trip through parse and format', () => {
    fc.assert(
      fc.property(ipv4, (text) => {
        expect(formatIp(parseIp(text))).toBe(text)
      }),
    )
    fc.assert(
      fc.property(ipv6Value, (value) => {
        const text = formatIp({ version: 6, value })
        expect(parseIp(text)).toEqual({ version: 6, value })
      }),
    )
  })

  it('a range holds 2^(bits - prefix) addresses and contains its own start and end', () => {
    fc.assert(
      fc.property(ipv4, fc.integer({ min: 0, max: 32 }), (address, prefix) => {
        const block = parseCidr(`${address}/${prefix}`)
        expect(block.last - block.first + 1n).toBe(1n << BigInt(32 - prefix))
        const { start, end } = cidrRange(`${address}/${prefix}`)
        expect(cidrContains(`${address}/${prefix}`, start)).toBe(true)
        expect(cidrContains(`${address}/${prefix}`, end)).toBe(true)
        expect(cidrContains(`${address}/${prefix}`, address)).toBe(true)
      }),
    )
    fc.assert(
      fc.property(ipv6Value, fc.integer({ min: 0, max: 128 }), (value, prefix) => {
        const cidr = `${formatIp({ version: 6, value })}/${prefix}`
        const block = parseCidr(cidr)
        expect(block.last - block.first + 1n).toBe(1n << BigInt(128 - prefix))
      }),
    )
  })

  it('a shorter prefix of the same address contains the longer one, never the reverse unless equal', () => {
    fc.assert(
      fc.property(ipv4, fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 32 }), (address, p, q) => {
        const [wide, narrow] = p <= q ? [p, q] : [q, p]
        expect(cidrContains(`${address}/${wide}`, `${address}/${narrow}`)).toBe(true)
        expect(cidrContains(`${address}/${narrow}`, `${address}/${wide}`)).toBe(
          parseCidr(`${address}/${narrow}`).first === parseCidr(`${address}/${wide}`).first && narrow === wide,
        )
      }),
    )
  })

  it('overlap is symmetric and equals "either contains the other" for CIDR blocks', () => {
    fc.assert(
      fc.property(ipv4, fc.integer({ min: 0, max: 32 }), ipv4, fc.integer({ min: 0, max: 32 }), (a, p, b, q) => {
        const x = `${a}/${p}`
        const y = `${b}/${q}`
        expect(cidrOverlaps(x, y)).toBe(cidrOverlaps(y, x))
        // Two CIDR blocks either nest or are disjoint.
        expect(cidrOverlaps(x, y)).toBe(cidrContains(x, y) || cidrContains(y, x))
      }),
    )
  })
})

describe('containment and overlap', () => {
  it.each([
    ['10.0.0.0/8', '10.2.3.0/24', true],
    ['10.2.3.0/24', '10.0.0.0/8', false],
    ['10.0.0.0/24', '10.0.1.0/24', false],
    ['10.0.0.0/24', '10.0.0.42', true],
    ['2001:db8::/32', '2001:db8:1::/48', true],
    ['10.0.0.0/8', '::ffff:10.0.0.1', false],
  ])('cidrContains(%s, %s) is %s', (outer, inner, expected) => {
    expect(cidrContains(outer, inner)).toBe(expected)
  })

  it('never mixes IP versions', () => {
    expect(cidrOverlaps('0.0.0.0/0', '::/0')).toBe(false)
  })

  it('finds overlapping networks of different tenants, skipping missing and malformed ones', () => {
    const overlaps = findCidrOverlaps([
      { id: 'alpha', cidr: '10.0.0.0/16' },
      { id: 'bravo', cidr: '10.0.128.0/24' },
      { id: 'charlie', cidr: '192.168.0.0/24' },
      { id: 'alpha', cidr: '10.0.5.0/24' },
      { id: 'delta', cidr: 'not a cidr' },
      { id: 'echo', cidr: null },
      { id: 'foxtrot', cidr: 'fd00::/8' },
      { id: 'golf', cidr: 'fd12:3456::/32' },
    ])
    const pairs = overlaps.map(({ a, b }) => [a.id, b.id].sort().join('+')).sort()
    expect(pairs).toEqual(['alpha+bravo', 'foxtrot+golf'])
  })

  it('matches a pairwise check on random tenant networks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), ip: ipv4, p: fc.integer({ min: 8, max: 30 }) }), {
          maxLength: 25,
        }),
        (rows) => {
          const entries = rows.map((r) => ({ id: r.id, cidr: `${r.ip}/${r.p}` }))
          const expected = new Set<string>()
          entries.forEach((x, i) =>
            entries.forEach((y, j) => {
              if (i < j && x.id !== y.id && cidrOverlaps(x.cidr, y.cidr)) expected.add([i, j].join('-'))
            }),
          )
          const found = findCidrOverlaps(entries.map((e, i) => ({ ...e, index: i })))
          expect(found.length).toBe(expected.size)
        },
      ),
    )
  })
})
