import { createCipheriv } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ByteQueue } from '../remote/byte-queue'
import { greetDesktop } from '../remote/rfb'
import { CROSSHAIR_RGB, startPanelDesktop, type PanelDesktop } from './panel-desktop'

/**
 * The panel desktop against a client written here from RFC 6143, sharing no code with the server: its own DES
 * answer to the password challenge, its own parsing of ServerInit and Raw rectangles.
 */

const PASSWORD = 'honu-vnc'
const TITLE = 'Winch PLC (Bravo Fleet)'

/** RFC 6143 §7.2.2: DES of the challenge keyed by the password, each key byte's bits mirrored. */
function answerChallenge(password: string, challenge: Buffer): Buffer {
  const key = Buffer.alloc(8)
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8)
  const mirrored = Buffer.from([...key].map((byte) => parseInt(byte.toString(2).padStart(8, '0').split('').reverse().join(''), 2)))
  const cipher = createCipheriv('des-ede-ecb', Buffer.concat([mirrored, mirrored]), null)
  cipher.setAutoPadding(false)
  return Buffer.concat([cipher.update(challenge), cipher.final()])
}

/** A TCP connection read in exact byte counts. */
class RawClient {
  private buffer = Buffer.alloc(0)
  private wake: (() => void) | undefined
  closed = false
  readonly socket: Socket

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1')
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk])
      this.wake?.()
    })
    this.socket.on('close', () => {
      this.closed = true
      this.wake?.()
    })
    this.socket.on('error', () => {})
  }

  async read(count: number, ms = 5000): Promise<Buffer> {
    const deadline = Date.now() + ms
    while (this.buffer.length < count) {
      if (this.closed) throw new Error(`closed with ${this.buffer.length} of ${count} bytes`)
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} bytes`)
      await new Promise<void>((resolve) => {
        this.wake = resolve
        setTimeout(resolve, 50)
      })
    }
    const bytes = this.buffer.subarray(0, count)
    this.buffer = this.buffer.subarray(count)
    return bytes
  }

  write(bytes: number[] | Buffer) {
    this.socket.write(Buffer.from(bytes))
  }

  async untilClosed(ms = 5000) {
    const deadline = Date.now() + ms
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('still open')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /** Version and security, up to the SecurityResult: its status and failure reason. */
  async authenticate(password: string): Promise<{ status: number; reason?: string }> {
    expect((await this.read(12)).toString('latin1')).toBe('RFB 003.008\n')
    this.write(Buffer.from('RFB 003.008\n', 'latin1'))
    const count = (await this.read(1))[0]!
    const types = [...(await this.read(count))]
    expect(types).toEqual([2])
    this.write([2])
    this.write(answerChallenge(password, await this.read(16)))
    const status = (await this.read(4)).readUInt32BE(0)
    if (status === 0) return { status }
    const length = (await this.read(4)).readUInt32BE(0)
    return { status, reason: (await this.read(length)).toString('utf8') }
  }

  /** ClientInit (shared) and the ServerInit it answers. */
  async init() {
    this.write([1])
    const head = await this.read(24)
    const name = (await this.read(head.readUInt32BE(20))).toString('utf8')
    return { width: head.readUInt16BE(0), height: head.readUInt16BE(2), format: head.subarray(4, 20), name }
  }

  requestUpdate(incremental: boolean, x: number, y: number, w: number, h: number) {
    const message = Buffer.alloc(10)
    message[0] = 3
    message[1] = incremental ? 1 : 0
    message.writeUInt16BE(x, 2)
    message.writeUInt16BE(y, 4)
    message.writeUInt16BE(w, 6)
    message.writeUInt16BE(h, 8)
    this.write(message)
  }

  /** A FramebufferUpdate of Raw 32-bpp rectangles. */
  async update(ms = 5000): Promise<{ x: number; y: number; w: number; h: number; pixels: Buffer }[]> {
    const head = await this.read(4, ms)
    expect(head[0]).toBe(0)
    const rects = []
    for (let i = 0; i < head.readUInt16BE(2); i++) {
      const rect = await this.read(12, ms)
      const [x, y, w, h] = [rect.readUInt16BE(0), rect.readUInt16BE(2), rect.readUInt16BE(4), rect.readUInt16BE(6)]
      expect(rect.readInt32BE(8)).toBe(0) // Raw
      rects.push({ x, y, w, h, pixels: await this.read(w * h * 4, ms) })
    }
    return rects
  }
}

/** A frame kept by the client in the server's format (little-endian, red at bit 16): pixels read back as RGB. */
class Frame {
  readonly pixels: Buffer
  constructor(
    readonly width: number,
    height: number,
  ) {
    this.pixels = Buffer.alloc(width * height * 4)
  }
  apply(rects: { x: number; y: number; w: number; h: number; pixels: Buffer }[]) {
    for (const { x, y, w, h, pixels } of rects) {
      for (let row = 0; row < h; row++) pixels.copy(this.pixels, ((y + row) * this.width + x) * 4, row * w * 4, (row + 1) * w * 4)
    }
  }
  rgb(x: number, y: number): [number, number, number] {
    const value = this.pixels.readUInt32LE((y * this.width + x) * 4)
    return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
  }
}

let desktops: PanelDesktop[] = []
let clients: RawClient[] = []
afterEach(async () => {
  for (const client of clients) client.socket.destroy()
  await Promise.all(desktops.map((desktop) => desktop.close()))
  desktops = []
  clients = []
})

async function desktop(options: { password?: string; width?: number; height?: number } = { password: PASSWORD }) {
  const started = await startPanelDesktop({ title: TITLE, ...options })
  desktops.push(started)
  return started
}
function client(port: number) {
  const made = new RawClient(port)
  clients.push(made)
  return made
}
async function ready(port: number) {
  const viewer = client(port)
  expect(await viewer.authenticate(PASSWORD)).toEqual({ status: 0 })
  return { viewer, init: await viewer.init() }
}

describe('the panel desktop (RFB 3.8 server)', () => {
  it('refuses a wrong password with SecurityResult 1 and a reason, then closes', async () => {
    const { port } = await desktop()
    const viewer = client(port)
    const result = await viewer.authenticate('not-it')
    expect(result.status).toBe(1)
    expect(result.reason).toMatch(/authentication failed/)
    await viewer.untilClosed()
  })

  it('accepts the right password and describes itself in ServerInit: size, 32-bpp true colour, the title', async () => {
    const { port } = await desktop({ password: PASSWORD, width: 320, height: 200 })
    const { init } = await ready(port)
    expect(init).toMatchObject({ width: 320, height: 200, name: TITLE })
    const format = init.format
    expect([format[0], format[1], format[2], format[3]]).toEqual([32, 24, 0, 1])
    expect([format.readUInt16BE(4), format.readUInt16BE(6), format.readUInt16BE(8)]).toEqual([255, 255, 255])
    expect([format[10], format[11], format[12]]).toEqual([16, 8, 0])
  })

  it('offers security type None without a password', async () => {
    const { port } = await desktop({})
    const viewer = client(port)
    await viewer.read(12)
    viewer.write(Buffer.from('RFB 003.008\n', 'latin1'))
    expect([...(await viewer.read(2))]).toEqual([1, 1])
    viewer.write([1])
    expect((await viewer.read(4)).readUInt32BE(0)).toBe(0)
    expect((await viewer.init()).name).toBe(TITLE)
  })

  it('sends the whole framebuffer as Raw pixels, then the clock’s change in a later incremental update', async () => {
    const { port } = await desktop()
    const { viewer, init } = await ready(port)
    viewer.write([2, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0]) // SetEncodings: CopyRect, Raw (only Raw comes back)
    viewer.requestUpdate(false, 0, 0, init.width, init.height)
    const first = await viewer.update()
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ x: 0, y: 0, w: 640, h: 400 })
    expect(first[0]!.pixels.length).toBe(640 * 400 * 4)
    const frame = new Frame(640, 400)
    frame.apply(first)
    const before = Buffer.from(frame.pixels)
    // Nothing has changed yet: the incremental request waits for the clock's next second.
    viewer.requestUpdate(true, 0, 0, 640, 400)
    const later = await viewer.update(3000)
    expect(later.length).toBeGreaterThan(0)
    for (const rect of later) expect(rect.w * rect.h).toBeLessThan(640 * 400)
    frame.apply(later)
    expect(frame.pixels.equals(before)).toBe(false)
  })

  it('answers an incremental request for part of the screen with what changed in it, never the same pixels again', async () => {
    const { port } = await desktop()
    const { viewer, init } = await ready(port)
    viewer.requestUpdate(false, 0, 0, init.width, init.height)
    const frame = new Frame(640, 400)
    frame.apply(await viewer.update())
    // A press in the bottom half (the crosshair at (400, 300)) and its words in the top half: one change across both.
    viewer.write([5, 1, 1, 144, 1, 44])
    viewer.write([5, 0, 1, 144, 1, 44])
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The top half (title bar, clock, pointer line), three times: each answer brings pixels the client does not have yet (the
    // clock's next second), where sending what stayed owed outside the area would repeat the same pixels at once.
    for (let round = 0; round < 3; round++) {
      viewer.requestUpdate(true, 0, 0, 640, 200)
      const rects = await viewer.update(3000)
      expect(rects.length).toBeGreaterThan(0)
      for (const rect of rects) expect(rect.y + rect.h).toBeLessThanOrEqual(200)
      const before = Buffer.from(frame.pixels)
      frame.apply(rects)
      expect(frame.pixels.equals(before)).toBe(false)
    }
  })

  it('draws a crosshair where a pointer button is pressed', async () => {
    const { port } = await desktop()
    const { viewer } = await ready(port)
    viewer.requestUpdate(false, 0, 0, 640, 400)
    const frame = new Frame(640, 400)
    frame.apply(await viewer.update())
    const background = frame.rgb(400, 300)
    expect(background).not.toEqual([...CROSSHAIR_RGB])
    viewer.write([5, 0, 1, 144, 1, 44]) // moved to (400, 300), no button: no crosshair
    viewer.write([5, 1, 1, 144, 1, 44]) // button 1 down at (400, 300)
    viewer.write([5, 0, 1, 144, 1, 44]) // and up
    viewer.write([4, 1, 0, 0, 0, 0, 0, 0x61]) // key "a" down
    await new Promise((resolve) => setTimeout(resolve, 100))
    viewer.requestUpdate(false, 0, 0, 640, 400)
    frame.apply(await viewer.update())
    expect(frame.rgb(400, 300)).toEqual([...CROSSHAIR_RGB])
    expect(frame.rgb(405, 300)).toEqual([...CROSSHAIR_RGB])
    expect(frame.rgb(400, 295)).toEqual([...CROSSHAIR_RGB])
    expect(frame.rgb(420, 300)).toEqual(background)
  })

  it('sends pixels in the client’s 32-bpp format (big-endian, blue high) and closes on one it cannot send', async () => {
    const { port } = await desktop()
    const { viewer } = await ready(port)
    viewer.write([0, 0, 0, 0, 32, 24, 1, 1, 0, 255, 0, 255, 0, 255, 0, 8, 16, 0, 0, 0]) // red 0, green 8, blue 16
    viewer.write([5, 1, 0, 100, 0, 100]) // crosshair at (100, 100)
    await new Promise((resolve) => setTimeout(resolve, 100))
    viewer.requestUpdate(false, 100, 100, 1, 1)
    const [pixel] = await viewer.update()
    expect(pixel).toMatchObject({ x: 100, y: 100, w: 1, h: 1 })
    const value = pixel!.pixels.readUInt32BE(0)
    expect([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]).toEqual([...CROSSHAIR_RGB])

    const other = (await ready(port)).viewer
    other.write([0, 0, 0, 0, 8, 8, 0, 1, 0, 7, 0, 7, 0, 3, 0, 3, 6, 0, 0, 0]) // 8 bpp
    await other.untilClosed()
  })

  it('closes a connection that sends garbage, an unknown message or too much clipboard, and keeps serving', async () => {
    const { port } = await desktop()
    const garbage = client(port)
    await garbage.read(12)
    garbage.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'))
    await garbage.untilClosed()

    const unknown = (await ready(port)).viewer
    unknown.write([7, 1, 2, 3, 4, 5, 6, 7, 8])
    await unknown.untilClosed()

    const clipboard = (await ready(port)).viewer
    clipboard.write([6, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff])
    await clipboard.untilClosed()

    const wrongType = client(port)
    await wrongType.read(12)
    wrongType.write(Buffer.from('RFB 003.008\n', 'latin1'))
    await wrongType.read(2)
    wrongType.write([1]) // None, not offered
    expect((await wrongType.read(4)).readUInt32BE(0)).toBe(1)
    await wrongType.untilClosed()

    const early = client(port)
    early.write(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) & 0xff)))
    await early.untilClosed()

    // Clipboard text within the limit is skipped, even split across writes, and the next message still parses.
    const { viewer } = await ready(port)
    viewer.write([6, 0, 0, 0, 0, 0, 0x10, 0])
    viewer.write(Buffer.alloc(2000, 0x41))
    viewer.write(Buffer.alloc(2096, 0x42))
    viewer.requestUpdate(false, 0, 0, 8, 8)
    expect(await viewer.update()).toMatchObject([{ x: 0, y: 0, w: 8, h: 8 }])
  })

  it('lets the bridge’s own greetDesktop through with the password', async () => {
    const { port } = await desktop()
    const socket = connect(port, '127.0.0.1')
    const input = new ByteQueue()
    socket.on('data', (chunk: Buffer) => input.push(chunk))
    socket.on('close', () => input.end(new Error('closed')))
    try {
      await greetDesktop(input, (bytes) => socket.write(bytes), PASSWORD)
      socket.write(Buffer.from([1]))
      const init = await input.read(24)
      expect([init.readUInt16BE(0), init.readUInt16BE(2)]).toEqual([640, 400])
      expect((await input.read(init.readUInt32BE(20))).toString('utf8')).toBe(TITLE)
    } finally {
      socket.destroy()
    }
  })

  it('refuses greetDesktop with a wrong password', async () => {
    const { port } = await desktop()
    const socket = connect(port, '127.0.0.1')
    const input = new ByteQueue()
    socket.on('data', (chunk: Buffer) => input.push(chunk))
    socket.on('close', () => input.end(new Error('closed')))
    try {
      await expect(greetDesktop(input, (bytes) => socket.write(bytes), 'wrong')).rejects.toThrow('the desktop refused the password')
    } finally {
      socket.destroy()
    }
  })
})
