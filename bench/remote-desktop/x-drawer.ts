// The remote-desktop benchmark's drawing on the desktop (bench/remote-desktop/run.ts starts it), in a process of its
// own so that drawing never waits for the bridge, which runs in the benchmark's process. A raw X11 client on
// DISPLAY (no library: the core protocol's five requests used here), driven by lines on stdin:
// - `solid <pixel>`: the root window's background set to that colour and cleared (what `xsetroot -solid` does);
//   answers `asked <ms>`, the clock (performance.timeOrigin + performance.now()) just before the request was written;
// - `noise <seconds>`: full-screen noise, one of four pre-made images, drawn every FRAME_MS for that long; answers
//   `drawn <frames>`.
import { connect, type Socket } from 'node:net'
import { createInterface } from 'node:readline'

const WIDTH = Number(process.env.BENCH_WIDTH ?? 1024)
const HEIGHT = Number(process.env.BENCH_HEIGHT ?? 640)
// 20 Hz: more full-screen frames than noVNC takes here (about 10 a second), without X drawing hogging a core.
const FRAME_MS = 50
const now = () => performance.timeOrigin + performance.now()

class XClient {
  private buffered = Buffer.alloc(0)
  private waiters: { bytes: number; resolve: (b: Buffer) => void }[] = []
  root = 0
  gc = 0
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk])
      this.pump()
    })
  }

  private pump() {
    for (;;) {
      const waiter = this.waiters[0]
      if (!waiter || this.buffered.length < waiter.bytes) return
      this.waiters.shift()
      waiter.resolve(this.buffered.subarray(0, waiter.bytes))
      this.buffered = this.buffered.subarray(waiter.bytes)
    }
  }

  private read(bytes: number) {
    return new Promise<Buffer>((resolve) => {
      this.waiters.push({ bytes, resolve })
      this.pump()
    })
  }

  static async open(display: string) {
    const socket = connect(`/tmp/.X11-unix/X${display.replace(':', '')}`)
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
    const x = new XClient(socket)
    const setup = Buffer.alloc(12)
    setup.write('l', 0, 'latin1') // little-endian
    setup.writeUInt16LE(11, 2)
    socket.write(setup)
    const head = await x.read(8)
    if (head[0] !== 1) throw new Error('the X server refused the connection')
    const body = await x.read(head.readUInt16LE(6) * 4)
    const base = body.readUInt32LE(4)
    const vendorLength = body.readUInt16LE(16)
    const formats = body[21]!
    x.root = body.readUInt32LE(32 + Math.ceil(vendorLength / 4) * 4 + 8 * formats)
    x.gc = base | 1
    const gc = Buffer.alloc(16)
    gc.writeUInt8(55, 0) // CreateGC
    gc.writeUInt16LE(4, 2)
    gc.writeUInt32LE(x.gc, 4)
    gc.writeUInt32LE(x.root, 8)
    socket.write(gc)
    await x.sync()
    return x
  }

  /** GetInputFocus: its reply comes after everything sent before it has been processed. */
  async sync() {
    const request = Buffer.alloc(4)
    request.writeUInt8(43, 0)
    request.writeUInt16LE(1, 2)
    this.socket.write(request)
    const reply = await this.read(32)
    if (reply[0] !== 1) throw new Error(`X error ${reply[1]} before the round trip`)
  }

  /** The root window's background to a solid colour, and the whole window cleared to it. */
  async solid(pixel: number) {
    const request = Buffer.alloc(16 + 16)
    request.writeUInt8(2, 0) // ChangeWindowAttributes
    request.writeUInt16LE(4, 2)
    request.writeUInt32LE(this.root, 4)
    request.writeUInt32LE(0x2, 8) // background-pixel
    request.writeUInt32LE(pixel, 12)
    request.writeUInt8(61, 16) // ClearArea, whole window
    request.writeUInt16LE(4, 18)
    request.writeUInt32LE(this.root, 20)
    this.socket.write(request)
    await this.sync()
  }

  /** PutImage requests (ZPixmap, depth 24, 32 bits a pixel) drawing `pixels` (WIDTH×HEIGHT) onto the root window. */
  imageRequests(pixels: Buffer): Buffer {
    const rows = 60 // 60 × 1024 × 4 = 245,760 bytes: under the core protocol's 256 KiB request limit
    const parts: Buffer[] = []
    for (let y = 0; y < HEIGHT; y += rows) {
      const h = Math.min(rows, HEIGHT - y)
      const head = Buffer.alloc(24)
      head.writeUInt8(72, 0) // PutImage
      head.writeUInt8(2, 1) // ZPixmap
      head.writeUInt16LE(6 + (WIDTH * h * 4) / 4, 2)
      head.writeUInt32LE(this.root, 4)
      head.writeUInt32LE(this.gc, 8)
      head.writeUInt16LE(WIDTH, 12)
      head.writeUInt16LE(h, 14)
      head.writeInt16LE(0, 16)
      head.writeInt16LE(y, 18)
      head.writeUInt8(0, 20)
      head.writeUInt8(24, 21)
      parts.push(head, pixels.subarray(y * WIDTH * 4, (y + h) * WIDTH * 4))
    }
    return Buffer.concat(parts)
  }

  async put(requests: Buffer) {
    this.socket.write(requests)
    await this.sync()
  }

  close() {
    this.socket.destroy()
  }
}

const x = await XClient.open(process.env.DISPLAY ?? ':0')
const noise = Array.from({ length: 4 }, () => {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 4)
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 0xffffff) >>> 0, i)
  return x.imageRequests(pixels)
})
process.stdout.write('ready\n')
for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.split(' ')
  if (command === 'solid') {
    const asked = now()
    await x.solid(Number(argument))
    process.stdout.write(`asked ${asked}\n`)
  } else if (command === 'noise') {
    const from = now()
    let frames = 0
    while (now() - from < Number(argument) * 1000) {
      const drawn = now()
      await x.put(noise[frames++ % noise.length]!)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, FRAME_MS - (now() - drawn))))
    }
    process.stdout.write(`drawn ${frames}\n`)
  }
}
x.close()
