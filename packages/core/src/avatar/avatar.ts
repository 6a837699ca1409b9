import { sha256Hex } from './sha256'

/** Where avatar images come from. */
export interface AvatarOptions {
  /**
   * Base address of a gravatar-style service; the hash is appended. Default
   * `https://www.gravatar.com/avatar/`. Pass `null` where the console must make no outside requests: callers
   * then show {@link avatarInitials}.
   */
  base?: string | null
  /** Appended as the query string, e.g. `d=identicon&s=64`. Default `d=404`, so a missing image falls back. */
  query?: string
}

/** The default gravatar-style base address. */
export const DEFAULT_AVATAR_BASE = 'https://www.gravatar.com/avatar/'

/** Normalises an e-mail the way gravatar hashes it: trimmed and lowercased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * The avatar image address for an e-mail: the base plus the SHA-256 of the trimmed, lowercased e-mail (spec §3).
 * Returns `undefined` when there is no e-mail or `base` is `null`.
 *
 * @example avatarUrl(' Ada@Example.com ') // 'https://www.gravatar.com/avatar/<sha256 of ada@example.com>?d=404'
 */
export function avatarUrl(email: string | null | undefined, options: AvatarOptions = {}): string | undefined {
  const base = options.base === undefined ? DEFAULT_AVATAR_BASE : options.base
  if (!email || !email.trim() || base === null) return undefined
  const query = options.query ?? 'd=404'
  return `${base}${sha256Hex(normaliseEmail(email))}${query ? `?${query}` : ''}`
}

/**
 * Up to two initials for a name or e-mail, shown when there is no image or no network.
 *
 * @example avatarInitials('Ada Lovelace') // 'AL'
 * @example avatarInitials('grace.hopper@navy.mil') // 'GH'
 */
export function avatarInitials(nameOrEmail: string | null | undefined): string {
  const text = (nameOrEmail ?? '').trim()
  if (!text) return '?'
  const local = text.includes('@') && !text.includes(' ') ? text.slice(0, text.indexOf('@')) : text
  const words = local.split(/[\s._-]+/u).filter(Boolean)
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : [local]
  const initials = letters.map((word) => Array.from(word)[0] ?? '').join('')
  return (words.length > 1 ? initials : Array.from(local).slice(0, 1).join('')).toUpperCase() || '?'
}
