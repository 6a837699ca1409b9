import { describe, expect, it } from 'vitest'
import { isAllowedVncHost, readAllowedVncHosts, endpointProblem } from './desktop-endpoints'
import { nextViewerMessage, vncAuthResponse } from './rfb'

describe('vncAuthResponse', () => {
  it('is DES of the challenge keyed by the password with each byte’s bits reversed (FIPS 81’s known answer)', () => {
    // Key 0123456789ABCDEF, plaintext "Now is t" → 3FA40E8A984D4815; VNC reverses each key byte's bits first.
    const password = String.fromCharCode(0x80, 0xc4, 0xa2, 0xe6, 0x91, 0xd5, 0xb3, 0xf7)
    const block = Buffer.from('4e6f772069732074', 'hex')
    expect(vncAuthResponse(password, Buffer.concat([block, block])).toString('hex')).toBe('3fa40e8a984d48153fa40e8a984d4815')
  })

  it('uses the first 8 bytes of a longer password and pads a shorter one with zeros', () => {
    const challenge = Buffer.alloc(16, 7)
    expect(vncAuthResponse('password-and-more', challenge)).toEqual(vncAuthResponse('password', challenge))
    expect(vncAuthResponse('pw', challenge)).toEqual(vncAuthResponse('pw\0\0\0\0\0\0', challenge))
  })
})

describe('nextViewerMessage', () => {
  it('frames every message noVNC sends and tells input from viewing', () => {
    const cases: [number[], number, 'input' | 'view'][] = [
      [[0, ...Array(19).fill(0)], 20, 'view'], // SetPixelFormat
      [[2, 0, 0, 2, ...Array(8).fill(0)], 12, 'view'], // SetEncodings, two
      [[3, ...Array(9).fill(0)], 10, 'view'], // FramebufferUpdateRequest
      [[4, 1, 0, 0, 0, 0, 0, 0x61], 8, 'input'], // KeyEvent
      [[5, 0, 0, 1, 0, 2], 6, 'input'], // PointerEvent
      [[6, 0, 0, 0, 0, 0, 0, 2, 0x68, 0x69], 10, 'input'], // ClientCutText "hi"
      [[6, 0, 0, 0, 0xff, 0xff, 0xff, 0xfe, 1, 2], 10, 'input'], // extended clipboard, length -2
      [[150, 1, 0, 0, 0, 0, 0, 10, 0, 10], 10, 'view'], // EnableContinuousUpdates
      [[248, 0, 0, 0, 0, 0, 0, 0, 1, 9], 10, 'view'], // ClientFence with 1 byte
      [[250, 0, 1, 2], 4, 'input'], // XVP
      [[251, 0, 0, 4, 0, 3, 1, 0, ...Array(16).fill(0)], 24, 'input'], // SetDesktopSize, one screen
      [[255, 0, 0, 1, 0, 0, 0, 0x61, 0, 0, 0, 0x1e], 12, 'input'], // QEMU extended key event
    ]
    for (const [bytes, length, kind] of cases) {
      expect(nextViewerMessage(Buffer.from(bytes))).toEqual({ length, kind })
      // Not all there yet: nothing.
      expect(nextViewerMessage(Buffer.from(bytes.slice(0, length - 1)))).toBeUndefined()
    }
    expect(nextViewerMessage(Buffer.alloc(0))).toBeUndefined()
  })

  it('refuses what it cannot frame, and clipboard text over the limit', () => {
    expect(() => nextViewerMessage(Buffer.from([7, 0, 0]))).toThrow('message type 7 is not supported')
    expect(() => nextViewerMessage(Buffer.from([255, 1]))).toThrow('QEMU message 1 is not supported')
    expect(() => nextViewerMessage(Buffer.from([6, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff]))).toThrow('clipboard text too large')
  })
})

describe('desktop endpoints', () => {
  it('allow loopback only by default', () => {
    const allowed = readAllowedVncHosts(undefined)
    expect(allowed).toEqual(['127.0.0.1', '::1', 'localhost'])
    expect(isAllowedVncHost('127.0.0.1', allowed)).toBe(true)
    expect(isAllowedVncHost('LOCALHOST', allowed)).toBe(true)
    expect(isAllowedVncHost('127.0.0.2', allowed)).toBe(false)
    expect(isAllowedVncHost('10.0.0.5', allowed)).toBe(false)
  })

  it('read names, addresses and CIDR blocks, and refuse anything else by name', () => {
    const allowed = readAllowedVncHosts(' 10.20.0.0/16, vnc.internal ,fd00::/8')
    expect(isAllowedVncHost('10.20.3.4', allowed)).toBe(true)
    expect(isAllowedVncHost('10.21.0.1', allowed)).toBe(false)
    expect(isAllowedVncHost('vnc.internal', allowed)).toBe(true)
    expect(isAllowedVncHost('vnc.internal.evil.example', allowed)).toBe(false)
    expect(isAllowedVncHost('fd00::10', allowed)).toBe(true)
    expect(() => readAllowedVncHosts('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not a host name, an address or a CIDR block')
    expect(() => readAllowedVncHosts('http://x')).toThrow('HONU_VNC_ALLOWED_HOSTS')
  })

  it('say what is wrong with an endpoint', () => {
    const allowed = readAllowedVncHosts(undefined)
    expect(endpointProblem({ host: '127.0.0.1', port: 5901 }, allowed)).toBeUndefined()
    expect(endpointProblem({ host: '127.0.0.1', port: 0 }, allowed)).toBe('The desktop port must be from 1 to 65535.')
    expect(endpointProblem({ host: 'a b', port: 5901 }, allowed)).toBe('The desktop host must be a host name or an address.')
    expect(endpointProblem({ host: '192.168.1.9', port: 5901 }, allowed)).toBe(
      'The desktop host 192.168.1.9 is outside the hosts this server may reach (HONU_VNC_ALLOWED_HOSTS).',
    )
  })
})
