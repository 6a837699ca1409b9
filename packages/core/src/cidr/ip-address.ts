import { ConsoleError } from '../errors/console-error'

/** IP version. */
export type IpVersion = 4 | 6

/** A parsed IP address: its version and its value as an unsigned integer. */
export interface IpAddress {
  version: IpVersion
  value: bigint
}

/** Number of bits in an address of each version. */
export const addressBits: Record<IpVersion, number> = { 4: 32, 6: 128 }

/** The error every malformed address or CIDR raises: code `cidr/invalid`, naming the offending text. */
export function invalidCidr(text: string, expected: string): ConsoleError {
  return new ConsoleError({
    code: 'cidr/invalid',
    message: `Invalid CIDR or address "${text}": expected ${expected}.`,
  })
}

const IPV4_OCTET = /^(0|[1-9]\d{0,2})$/
const IPV6_GROUP = /^[0-9a-fA-F]{1,4}$/

function parseIpv4(text: string, original: string): bigint {
  const parts = text.split('.')
  if (parts.length !== 4) throw invalidCidr(original, 'four decimal octets such as 10.0.0.1')
  let value = 0n
  for (const part of parts) {
    if (!IPV4_OCTET.test(part) || Number(part) > 255) throw invalidCidr(original, 'octets from 0 to 255 such as 10.0.0.1')
    value = (value << 8n) | BigInt(part)
  }
  return value
}

function parseIpv6(text: string, original: string): bigint {
  const expected = 'an IPv6 address such as 2001:db8::1'
  let body = text
  // An embedded IPv4 tail (::ffff:10.0.0.1) stands for the last two groups: rewrite it as hex first.
  const lastColon = body.lastIndexOf(':')
  const tail = body.slice(lastColon + 1)
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail, original)
    body = `${body.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
  }
  const halves = body.split('::')
  if (halves.length > 2) throw invalidCidr(original, expected)
  const toGroups = (half: string): bigint[] =>
    half === ''
      ? []
      : half.split(':').map((group) => {
          if (!IPV6_GROUP.test(group)) throw invalidCidr(original, expected)
          return BigInt(`0x${group}`)
        })
  // split() always gives a first part; with no '::' there is no second, and no zero groups to fill in.
  const head = toGroups(halves[0]!)
  const rest = toGroups(halves[1] ?? '')
  // '::' stands for at least one zero group.
  const missing = 8 - head.length - rest.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) throw invalidCidr(original, expected)
  const groups = [...head, ...new Array<bigint>(missing).fill(0n), ...rest]
  return groups.reduce((value, group) => (value << 16n) | group, 0n)
}

/**
 * Parses an IPv4 or IPv6 address (no prefix, no zone) in its strict textual form: dotted-decimal octets without
 * leading zeros, or RFC 4291 hex groups (optionally `::` once and a dotted IPv4 tail). Nothing else is accepted,
 * not even surrounding whitespace: a value that only parses after clean-up is not the value that was stored.
 *
 * @throws {ConsoleError} `cidr/invalid` naming the text when it is not an address.
 */
export function parseIp(text: string): IpAddress {
  if (typeof text !== 'string') throw invalidCidr(String(text), 'an address string')
  if (text.includes(':')) return { version: 6, value: parseIpv6(text, text) }
  if (text.includes('.')) return { version: 4, value: parseIpv4(text, text) }
  throw invalidCidr(text, 'an IPv4 or IPv6 address')
}

/** Formats an address; IPv6 in the canonical compressed form of RFC 5952 (lowercase, longest zero run as ::). */
export function formatIp({ version, value }: IpAddress): string {
  if (version === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.')
  }
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt((7 - i) * 16)) & 0xffffn))
  // The first longest run of zero groups.
  let bestStart = 0
  let bestLength = 0
  let run = 0
  groups.forEach((group, i) => {
    run = group === 0 ? run + 1 : 0
    if (run > bestLength) {
      bestStart = i + 1 - run
      bestLength = run
    }
  })
  const hex = groups.map((g) => g.toString(16))
  // RFC 5952 §4.2.2: a single zero group is not compressed.
  if (bestLength < 2) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`
}
