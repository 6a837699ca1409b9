import { describe, expect, it } from 'vitest'
import { readFrameAncestors, securityHeaders } from './security-headers'

const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('securityHeaders', () => {
  it('on the embedded stack: a strict policy naming the local API and Auth emulator, framing refused', () => {
    const headers = securityHeaders({})
    const csp = directives(headers['Content-Security-Policy']!)
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8080', 'ws://127.0.0.1:8080', 'http://127.0.0.1:9099'])
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'http://127.0.0.1:8080'])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(headers['Content-Security-Policy']).not.toMatch(/unsafe-(inline|eval)/)
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    })
  })

  it('follows the API and Firebase project the app is configured with, not the local defaults', () => {
    const csp = directives(
      securityHeaders({ VITE_HONU_API: 'https://api.example.com/base', VITE_FIREBASE_PROJECT_ID: 'honu-prod' })['Content-Security-Policy']!,
    )
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'wss://api.example.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ])
    expect(csp.get('img-src')).toContain('https://api.example.com')
    expect(csp.get('media-src')).toContain('https://api.example.com')
    expect([...csp.values()].flat()).not.toContain('http://127.0.0.1:8080')
    // The live channel's socket only to the API's own host, and only encrypted for an https API.
    expect(csp.get('connect-src')!.filter((source) => /^wss?:/.test(source))).toEqual(['wss://api.example.com'])
  })

  it('lets a partner frame the console through HONU_FRAME_ANCESTORS, with X-Frame-Options only where it can say the same', () => {
    const partner = securityHeaders({ HONU_FRAME_ANCESTORS: ' https://portal.example.com  https://*.partner.example:8443 ' })
    expect(directives(partner['Content-Security-Policy']!).get('frame-ancestors')).toEqual([
      'https://portal.example.com',
      'https://*.partner.example:8443',
    ])
    expect(partner['X-Frame-Options']).toBeUndefined()
    expect(securityHeaders({ HONU_FRAME_ANCESTORS: "'self'" })['X-Frame-Options']).toBe('SAMEORIGIN')
  })

  it.each([
    "'none' https://portal.example.com",
    'https://portal.example.com; script-src *',
    'https://a.example,https://b.example',
    "'unsafe-inline'",
    'none',
    'https://portal.example.com/path',
  ])('refuses HONU_FRAME_ANCESTORS=%j with a message', (value) => {
    expect(() => readFrameAncestors(value)).toThrow(/HONU_FRAME_ANCESTORS=.* is not a frame-ancestors source list/)
  })
})
