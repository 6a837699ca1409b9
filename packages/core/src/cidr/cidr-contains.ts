import { addressBits, parseIp } from './ip-address'
import { parseCidr, type CidrBlock } from './cidr-range'

/** Reads a CIDR, or a bare address as a single-address block (/32, /128). */
function toBlock(cidrOrAddress: string): CidrBlock {
  if (typeof cidrOrAddress === 'string' && cidrOrAddress.includes('/')) return parseCidr(cidrOrAddress)
  const address = parseIp(cidrOrAddress)
  return { version: address.version, prefix: addressBits[address.version], first: address.value, last: address.value }
}

/**
 * Whether `inner` (a CIDR or an address) lies wholly inside `outer`. Blocks of different IP versions never
 * contain each other.
 *
 * @example cidrContains('10.0.0.0/8', '10.2.3.0/24') // true
 * @throws {ConsoleError} `cidr/invalid` for malformed input.
 */
export function cidrContains(outer: string, inner: string): boolean {
  const a = toBlock(outer)
  const b = toBlock(inner)
  return a.version === b.version && a.first <= b.first && b.last <= a.last
}

/**
 * Whether two CIDRs (or addresses) share at least one address.
 *
 * @example cidrOverlaps('10.0.0.0/16', '10.0.255.0/24') // true
 * @throws {ConsoleError} `cidr/invalid` for malformed input.
 */
export function cidrOverlaps(a: string, b: string): boolean {
  const x = toBlock(a)
  const y = toBlock(b)
  return x.version === y.version && x.first <= y.last && y.first <= x.last
}

/** One network of an owner (a tenant's `remote_cidr` or `vpn_cidr`) to check for overlaps. */
export interface NamedCidr<Id = string> {
  id: Id
  cidr: string | null | undefined
}

/** Two networks of different owners that share addresses. */
export interface CidrOverlap<Id = string> {
  a: NamedCidr<Id> & { cidr: string }
  b: NamedCidr<Id> & { cidr: string }
}

/**
 * Every pair of networks with different owners that overlap, so the console can flag tenants whose networks
 * collide. Missing or malformed CIDRs are skipped (they cannot overlap anything); validate them separately.
 * Sorts by start address, so it stays fast for thousands of networks.
 */
export function findCidrOverlaps<Id>(entries: readonly NamedCidr<Id>[]): CidrOverlap<Id>[] {
  const blocks: { entry: NamedCidr<Id> & { cidr: string }; block: CidrBlock }[] = []
  for (const entry of entries) {
    if (!entry.cidr) continue
    try {
      blocks.push({ entry: entry as NamedCidr<Id> & { cidr: string }, block: parseCidr(entry.cidr) })
    } catch {
      // Skipped on purpose; see the doc comment.
    }
  }
  // Number() of a difference of up to 2^128 rounds, but never to 0 or across it: the sign, all sort reads, is exact.
  blocks.sort((p, q) => p.block.version - q.block.version || Number(p.block.first - q.block.first))
  const overlaps: CidrOverlap<Id>[] = []
  for (const [i, current] of blocks.entries()) {
    for (let j = i + 1; j < blocks.length; j++) {
      const next = blocks[j]!
      if (next.block.version !== current.block.version || next.block.first > current.block.last) break
      if (next.entry.id !== current.entry.id) overlaps.push({ a: current.entry, b: next.entry })
    }
  }
  return overlaps
}
