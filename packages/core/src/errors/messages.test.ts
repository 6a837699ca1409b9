import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConsoleError } from './console-error'
import { HttpError } from './http-error'
import { AuthError } from './auth-error'
import { failedToFetchUserData, messages, notificationTone } from './messages'

// Spec §5 and §8, copied verbatim into the repo (see the fixture's header).
const spec = readFileSync(new URL('./__fixtures__/spec-catalogue.txt', import.meta.url), 'utf8')

// Every message the spec quotes in §5 and §8, copied from the spec's own text.
// A quote starts and ends at a word boundary, so apostrophes (user's) are not taken for quotes.
const QUOTE = /(?<![A-Za-z])'([^'\n]+)'(?![A-Za-z])/g
const quoted = [...spec.matchAll(QUOTE)].map((m) => m[1])

describe('message catalogue', () => {
  it.each(Object.entries(messages))('%s is worded exactly as the spec quotes it', (_key, text) => {
    expect(quoted).toContain(text)
  })

  it('catalogues every quoted message of §5 and §8', () => {
    const section = (start: string, end?: string) => spec.slice(spec.indexOf(start), end === undefined ? undefined : spec.indexOf(end))
    expect(spec).toContain('## 5. Validation rules')
    expect(spec).toContain('## 8. The error catalogue')
    const inScope = [...section('## 5. Validation rules', '## 8.').matchAll(QUOTE), ...section('## 8. The error catalogue').matchAll(QUOTE)].map(
      (m) => m[1],
    )
    const catalogued = new Set<string>(Object.values(messages))
    expect(inScope.length).toBeGreaterThan(15)
    expect(inScope.filter((text) => !catalogued.has(text!))).toEqual([])
  })

  it('marks the positive notifications of §8', () => {
    const positive = Object.entries(notificationTone)
      .filter(([, tone]) => tone === 'positive')
      .map(([key]) => messages[key as keyof typeof messages])
    expect(positive.sort()).toEqual(['User Roles deleted', 'User Roles submitted', 'User deleted', 'User submitted'].sort())
    expect(notificationTone.errorLoggingIn).toBe('negative')
  })

  it('appends the server message to "Failed to fetch user data" only when present', () => {
    expect(failedToFetchUserData()).toBe('Failed to fetch user data')
    expect(failedToFetchUserData('  ')).toBe('Failed to fetch user data')
    expect(failedToFetchUserData('User not found')).toBe('Failed to fetch user data: User not found')
  })
})

describe('ConsoleError', () => {
  it('carries a stable code, the message and the cause', () => {
    const cause = new Error('low level')
    const error = new ConsoleError({ code: 'cidr/invalid', message: 'Readable', cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.code).toBe('cidr/invalid')
    expect(error.message).toBe('Readable')
    expect(error.cause).toBe(cause)
    expect(error.name).toBe('ConsoleError')
  })

  it('is recognised across bundles by its marker, not by instanceof', () => {
    const foreign = Object.assign(new Error('other copy'), { [Symbol.for('honu.console.error')]: true, code: 'a/b' })
    expect(ConsoleError.is(foreign)).toBe(true)
    expect(ConsoleError.is(new Error('plain'))).toBe(false)
    expect(ConsoleError.is(null)).toBe(false)
    expect(ConsoleError.is('text')).toBe(false)
  })

  it('names subclasses after themselves and keeps HTTP details', () => {
    const http = new HttpError({ code: 'http/status', message: 'Nope', status: 418, body: { message: 'Nope' } })
    expect(http.name).toBe('HttpError')
    expect(http.status).toBe(418)
    expect(http.body).toEqual({ message: 'Nope' })
    expect(ConsoleError.is(http)).toBe(true)
    expect(new AuthError({ code: 'auth/unknown', message: 'm' }).name).toBe('AuthError')
  })
})
