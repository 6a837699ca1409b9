import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signMediaToken, verifyMediaToken, withoutMediaToken } from '../src/media/media-token'

const secret = randomBytes(32)
const claims = { tenant: 'bravo', video: 'bravo-clip', uid: 'demo-bea', exp: 2_000_000_000 }

describe('media tokens', () => {
  it('verify with the secret that signed them, until they expire', () => {
    const token = signMediaToken(secret, claims)
    expect(verifyMediaToken(secret, token, 1_999_999_999_000)).toEqual(claims)
    expect(verifyMediaToken(secret, token, 2_000_000_000_000)).toBeUndefined()
    expect(verifyMediaToken(randomBytes(32), token, 0)).toBeUndefined()
  })

  it('refuse anything malformed without throwing', () => {
    const [, payload, signature] = signMediaToken(secret, claims).split('.')
    for (const bad of ['', 'hm1', 'hm1..', `hm2.${payload}.${signature}`, `hm1.${payload}`, `hm1.${payload}.${signature}.x`, 'hm1.e30.x']) {
      expect(verifyMediaToken(secret, bad, 0), bad).toBeUndefined()
    }
    // Correctly signed, but claims of the wrong shape.
    const sign = (body: unknown) => {
      const good = signMediaToken(secret, claims)
      const encoded = Buffer.from(JSON.stringify(body)).toString('base64url')
      return `hm1.${encoded}.${good.split('.')[2]}`
    }
    expect(verifyMediaToken(secret, sign({ tenant: 'bravo' }), 0)).toBeUndefined()
  })

  it('are left out of logged request lines', () => {
    expect(withoutMediaToken('/media/bravo/bravo-clip/clip.mp4?media_token=hm1.abc.def')).toBe(
      '/media/bravo/bravo-clip/clip.mp4?media_token=[redacted]',
    )
    expect(withoutMediaToken('/media/a/b/s1.ts?x=1&media_token=hm1.abc.def&y=2')).toBe('/media/a/b/s1.ts?x=1&media_token=[redacted]&y=2')
    expect(withoutMediaToken('/api/v1/videos?tenant_id=alpha')).toBe('/api/v1/videos?tenant_id=alpha')
  })
})
