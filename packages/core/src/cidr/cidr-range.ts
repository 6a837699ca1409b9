import { addressBits, formatIp, invalidCidr, parseIp, type IpVersion } from './ip-address'

/** A parsed CIDR block: the first and last address it covers, as integers. */
export interface CidrBlock {
  version: IpVersion
  /** Prefix length in bits. */
  prefix: number
  /** First address (the network address). */
  first: bigint
  /** Last address (the broadcast address for IPv4). */
  last: bigint
}

/** The first and last address of a CIDR, as address strings (spec §3 `remote_cidr_range`, `vpn_cidr_range`). */
export interface CidrRange {
  start: string
  end: string
}

const PREFIX = /^(0|[1-9]\d{0,2})$/

/**
 * Parses `address/prefix` (IPv4 or IPv6) in the spec's form only: a strict address ({@link parseIp}), one `/`, and
 * a decimal prefix length without sign, leading zeros or whitespace (`10.0.0.0/ 8`, `10.0.0.0/08`, `10.0.0.0/+8`,
 * ` 10.0.0.0/8` and `10.0.0.0/` are refused). Host bits below the prefix are allowed and ignored (`10.0.0.5/24`
 * covers `10.0.0.0`–`10.0.0.255`), as routers accept them.
 *
 * @throws {ConsoleError} `cidr/invalid` naming the offending text.
 */
export function parseCidr(text: string): CidrBlock {
  if (typeof text !== 'string') throw invalidCidr(String(text), 'a string such as 10.0.0.0/24')
  const slash = text.indexOf('/')
  if (slash < 0) throw invalidCidr(text, 'address/prefix such as 10.0.0.0/24')
  let address
  try {
    address = parseIp(text.slice(0, slash))
  } catch {
    // Name the whole CIDR the user typed, not just its address part.
    throw invalidCidr(text, 'address/prefix such as 10.0.0.0/24 or 2001:db8::/32')
  }
  const prefixText = text.slice(slash + 1)
  const bits = addressBits[address.version]
  const prefix = Number(prefixText)
  if (!PREFIX.test(prefixText) || prefix > bits) throw invalidCidr(text, `a prefix length from 0 to ${bits}`)
  const hostBits = BigInt(bits - prefix)
  const first = (address.value >> hostBits) << hostBits
  const last = first + (1n << hostBits) - 1n
  return { version: address.version, prefix, first, last }
}

/**
 * The first and last address a CIDR covers.
 *
 * @example cidrRange('10.1.0.0/16') // { start: '10.1.0.0', end: '10.1.255.255' }
 * @throws {ConsoleError} `cidr/invalid` for malformed input.
 */
export function cidrRange(cidr: string): CidrRange {
  const block = parseCidr(cidr)
  return {
    start: formatIp({ version: block.version, value: block.first }),
    end: formatIp({ version: block.version, value: block.last }),
  }
}

/** Like {@link cidrRange} but returns `undefined` for a missing or malformed CIDR, for data from a server. */
export function tryCidrRange(cidr: string | null | undefined): CidrRange | undefined {
  if (!cidr) return undefined
  try {
    return cidrRange(cidr)
  } catch {
    return undefined
  }
}
