import { describe, expect, it, vi } from 'vitest'
import { createMediaAuth, type MediaCredentials } from './media-credentials'

const API = 'http://127.0.0.1:8080'
const credentials = (): MediaCredentials => ({ idToken: vi.fn(async () => 'id-token'), mediaToken: vi.fn(async () => 'hm1.abc.def') })

describe('createMediaAuth', () => {
  it('sends the bearer token only to the API’s own origin', async () => {
    const given = credentials()
    const auth = createMediaAuth(`${API}/`, () => given)
    expect(await auth.headers(`${API}/media/bravo/bravo-deck/index.m3u8`)).toEqual({ authorization: 'Bearer id-token' })
    // Same host, another port or scheme; a look-alike host; a third party: nothing, and the token is not even asked for.
    vi.mocked(given.idToken).mockClear()
    for (const url of [
      'http://127.0.0.1:8081/media/x/index.m3u8',
      'https://127.0.0.1:8080/media/x/index.m3u8',
      'http://127.0.0.1.evil.example:8080/media/x/index.m3u8',
      'https://cams.example/live/index.m3u8',
      'blob:http://127.0.0.1:8080/0b9c4a6e',
      'not a url',
    ]) {
      expect(await auth.headers(url), url).toEqual({})
    }
    expect(given.idToken).not.toHaveBeenCalled()
  })

  it('puts a media token (never the ID token) in the address of API sources only', async () => {
    const given = credentials()
    const auth = createMediaAuth(API, () => given)
    const url = await auth.tokenUrl(`${API}/media/bravo/bravo-clip/clip.mp4`)
    expect(new URL(url).searchParams.get('media_token')).toBe('hm1.abc.def')
    expect(url).not.toContain('id-token')
    expect(await auth.tokenUrl('https://files.example/clip.mp4')).toBe('https://files.example/clip.mp4')
    expect(given.idToken).not.toHaveBeenCalled()
    // No media token to be had (a source of the widget's own, or the call failed): the address as it is.
    expect(await createMediaAuth(API, () => ({ idToken: async () => 'id-token' })).tokenUrl(`${API}/c.mp4`)).toBe(`${API}/c.mp4`)
    const failing = { idToken: async () => 'id-token', mediaToken: async () => Promise.reject(new Error('offline')) }
    expect(await createMediaAuth(API, () => failing).tokenUrl(`${API}/c.mp4`)).toBe(`${API}/c.mp4`)
  })

  it('attaches nothing without an API base, credentials or a signed-in user', async () => {
    const given = credentials()
    expect(await createMediaAuth(undefined, () => given).headers(`${API}/media/a/b/mjpeg`)).toEqual({})
    expect(await createMediaAuth(API, () => undefined).headers(`${API}/media/a/b/mjpeg`)).toEqual({})
    expect(await createMediaAuth(API, () => ({ idToken: async () => undefined })).headers(`${API}/media/a/b/mjpeg`)).toEqual({})
    expect(given.idToken).not.toHaveBeenCalled()
  })
})
