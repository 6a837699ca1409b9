import { cidrContains } from '@honu/core'
import { isIP } from 'node:net'

/** Hosts a desktop endpoint may name when `HONU_VNC_ALLOWED_HOSTS` is not set: this machine only. */
export const DEFAULT_VNC_ALLOWED_HOSTS = ['127.0.0.1', '::1', 'localhost'] as const

/**
 * Reads `HONU_VNC_ALLOWED_HOSTS`: comma-separated host names, addresses and CIDR blocks (`127.0.0.1,10.20.0.0/16,
 * vnc.internal`) a desktop endpoint may lie in; loopback only when unset.
 *
 * @throws {Error} naming an entry that is none of these.
 */
export function readAllowedVncHosts(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_VNC_ALLOWED_HOSTS]
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  for (const entry of entries) {
    if (!isHostName(entry) && !isIP(entry) && !isCidr(entry)) {
      throw new Error(`HONU_VNC_ALLOWED_HOSTS: "${entry}" is not a host name, an address or a CIDR block (such as 10.20.0.0/16).`)
    }
  }
  return entries
}

const isHostName = (text: string) => /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(text)

function isCidr(text: string): boolean {
  const [address, bits, ...rest] = text.split('/')
  if (rest.length > 0 || !address || bits === undefined || !/^\d{1,3}$/.test(bits)) return false
  const family = isIP(address)
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * Whether a desktop endpoint's host is allowed: named exactly by the list, or an address inside one of its CIDR
 * blocks. Host names are compared as written (a name is not resolved, so it cannot be pointed elsewhere later).
 */
export function isAllowedVncHost(host: string, allowed: readonly string[]): boolean {
  const name = host.trim().toLowerCase()
  if (allowed.includes(name)) return true
  if (!isIP(name)) return false
  return allowed.some((entry) => {
    if (!entry.includes('/')) return false
    try {
      return cidrContains(entry, name)
    } catch {
      return false
    }
  })
}

/** A desktop endpoint as an admin registers it. */
export interface DesktopEndpoint {
  host: string
  port: number
}

/** Why an endpoint may not be registered or dialled, or undefined when it may. */
export function endpointProblem(endpoint: DesktopEndpoint, allowed: readonly string[]): string | undefined {
  if (!Number.isInteger(endpoint.port) || endpoint.port < 1 || endpoint.port > 65535) return 'The desktop port must be from 1 to 65535.'
  if (!isHostName(endpoint.host.toLowerCase()) && !isIP(endpoint.host)) return 'The desktop host must be a host name or an address.'
  if (!isAllowedVncHost(endpoint.host, allowed)) {
    return `The desktop host ${endpoint.host} is outside the hosts this server may reach (HONU_VNC_ALLOWED_HOSTS).`
  }
  return undefined
}
