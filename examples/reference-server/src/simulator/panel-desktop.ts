import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import { vncAuthResponse } from '../remote/rfb'

/**
 * A device's panel as a remote desktop: a small RFB 3.8 server (RFC 6143), for `npm start`'s demo devices when
 * Xtigervnc is not installed. It draws a title bar with the device's name, a UTC clock that changes every second, the
 * last key pressed and a crosshair where a pointer button was last pressed; it speaks VNC authentication (or None
 * without a password), honours any 32-bpp true-colour pixel format and sends Raw rectangles only. Anything it does not
 * understand closes that connection, never the server.
 */

export interface PanelDesktopOptions {
  /** The device's name: the desktop's name and the title bar's text. */
  title: string
  /** The VNC password (security type 2); none: security type None. */
  password?: string
  width?: number
  height?: number
  /** 0: any free port. */
  port?: number
  host?: string
}

export interface PanelDesktop {
  port: number
  close(): Promise<void>
}

/** The crosshair's colour, drawn where a pointer button was last pressed. */
export const CROSSHAIR_RGB = [0xff, 0x50, 0x40] as const
const BACKGROUND_RGB = [0x10, 0x18, 0x20] as const
const TITLE_BAR_RGB = [0x1f, 0x4e, 0x79] as const
const TEXT_RGB = [0xf0, 0xf0, 0xf0] as const
const CLOCK_RGB = [0x7f, 0xe0, 0x9a] as const
const DIM_RGB = [0x90, 0xa0, 0xb0] as const

/** Largest clipboard text a client may send; its bytes are skipped, never kept. */
const MAX_CUT_TEXT_BYTES = 1024 * 1024
/** Bytes a client may have sent ahead of what is parsed before it is cut off (every parsed message is short). */
const MAX_PENDING_BYTES = 64 * 1024
const VERSION_3_8 = 'RFB 003.008\n'

// --- A 5×7 bitmap font: each glyph is seven rows of five pixels, '1' lit. Lowercase is drawn as uppercase. ---

const GLYPHS: Record<string, string> = {
  ' ': '00000 00000 00000 00000 00000 00000 00000',
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11100 10010 10001 10001 10001 10010 11100',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 10001 01010 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  '(': '00010 00100 01000 01000 01000 00100 00010',
  ')': '01000 00100 00010 00010 00010 00100 01000',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  '/': '00000 00001 00010 00100 01000 10000 00000',
  "'": '01100 00100 01000 00000 00000 00000 00000',
  '"': '01010 01010 01010 00000 00000 00000 00000',
  '!': '00100 00100 00100 00100 00100 00000 00100',
  '?': '01110 10001 00001 00010 00100 00000 00100',
  '+': '00000 00100 00100 11111 00100 00100 00000',
  '=': '00000 00000 11111 00000 11111 00000 00000',
  _: '00000 00000 00000 00000 00000 00000 11111',
  '#': '01010 01010 11111 01010 11111 01010 01010',
  '*': '00000 00100 10101 01110 10101 00100 00000',
  '<': '00010 00100 01000 10000 01000 00100 00010',
  '>': '01000 00100 00010 00001 00010 00100 01000',
  '@': '01110 10001 00001 01101 10101 10101 01110',
  '%': '11000 11001 00010 00100 01000 10011 00011',
  ';': '00000 01100 01100 00000 01100 00100 01000',
}
const FONT = new Map(Object.entries(GLYPHS).map(([char, rows]) => [char, rows.split(' ').map((row) => parseInt(row, 2))]))
const UNKNOWN_GLYPH = FONT.get('?')!

/** Names for the keysyms that are not characters (X11's keysymdef.h). */
const KEY_NAMES: Record<number, string> = {
  0xff08: 'BACKSPACE',
  0xff09: 'TAB',
  0xff0d: 'RETURN',
  0xff1b: 'ESCAPE',
  0xff50: 'HOME',
  0xff51: 'LEFT',
  0xff52: 'UP',
  0xff53: 'RIGHT',
  0xff54: 'DOWN',
  0xff57: 'END',
  0xffe1: 'SHIFT',
  0xffe2: 'SHIFT',
  0xffe3: 'CTRL',
  0xffe4: 'CTRL',
  0xffe9: 'ALT',
  0xffea: 'ALT',
  0xffff: 'DELETE',
}

/** A keysym as the panel shows it: its character when printable, else its name or number. */
export function keysymLabel(keysym: number): string {
  if (keysym === 0x20) return 'SPACE'
  if ((keysym > 0x20 && keysym < 0x7f) || (keysym >= 0xa0 && keysym <= 0xff)) return String.fromCharCode(keysym)
  return KEY_NAMES[keysym] ?? `0X${keysym.toString(16).toUpperCase().padStart(4, '0')}`
}

type Rgb = readonly [number, number, number]

class Canvas {
  readonly rgb: Uint8Array
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Uint8Array(width * height * 3)
  }

  fill(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    const x0 = Math.max(0, x)
    const y0 = Math.max(0, y)
    const x1 = Math.min(this.width, x + w)
    const y1 = Math.min(this.height, y + h)
    for (let row = y0; row < y1; row++) {
      for (let col = x0; col < x1; col++) {
        const at = (row * this.width + col) * 3
        this.rgb[at] = r
        this.rgb[at + 1] = g
        this.rgb[at + 2] = b
      }
    }
  }

  /** `text` in the 5×7 font, each font pixel `scale`×`scale`, one column apart; clipped at the edges. */
  text(x: number, y: number, text: string, scale: number, colour: Rgb) {
    let at = x
    for (const char of text.toUpperCase()) {
      const rows = FONT.get(char) ?? UNKNOWN_GLYPH
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col++) {
          if (bits & (0x10 >> col)) this.fill(at + col * scale, y + row * scale, scale, scale, colour)
        }
      })
      at += 6 * scale
      if (at >= this.width) break
    }
  }
}

interface Rect {
  x: number
  y: number
  w: number
  h: number
}

function union(a: Rect | undefined, b: Rect): Rect {
  if (!a) return b
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y }
}

function intersect(a: Rect, b: Rect): Rect | undefined {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  const w = Math.min(a.x + a.w, b.x + b.w) - x
  const h = Math.min(a.y + a.h, b.y + b.h) - y
  return w > 0 && h > 0 ? { x, y, w, h } : undefined
}

/** `a` without `b`: at most four rectangles (above, below, left of and right of `b`'s rows). */
function subtract(a: Rect, b: Rect): Rect[] {
  const cut = intersect(a, b)
  if (!cut) return [a]
  const pieces: Rect[] = [
    { x: a.x, y: a.y, w: a.w, h: cut.y - a.y },
    { x: a.x, y: cut.y + cut.h, w: a.w, h: a.y + a.h - (cut.y + cut.h) },
    { x: a.x, y: cut.y, w: cut.x - a.x, h: cut.h },
    { x: cut.x + cut.w, y: cut.y, w: a.x + a.w - (cut.x + cut.w), h: cut.h },
  ]
  return pieces.filter((r) => r.w > 0 && r.h > 0)
}

/** What a client is still owed once `sent` went out: each changed rectangle without it. */
const owedAfter = (dirty: readonly Rect[], sent: Rect): Rect[] => dirty.flatMap((d) => subtract(d, sent))

/** The bounding box of the pixels that differ between two frames of the same size, or `undefined`. */
function changed(before: Uint8Array, after: Uint8Array, width: number, height: number): Rect | undefined {
  let x0 = width
  let y0 = height
  let x1 = -1
  let y1 = -1
  for (let row = 0; row < height; row++) {
    const start = row * width * 3
    for (let col = 0; col < width; col++) {
      const at = start + col * 3
      if (before[at] !== after[at] || before[at + 1] !== after[at + 1] || before[at + 2] !== after[at + 2]) {
        if (col < x0) x0 = col
        if (col > x1) x1 = col
        if (row < y0) y0 = row
        if (row > y1) y1 = row
      }
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 }
}

/** A client's pixel format, 32 bits per pixel, true colour (the only kind this server sends). */
interface PixelFormat {
  bigEndian: boolean
  redMax: number
  greenMax: number
  blueMax: number
  redShift: number
  greenShift: number
  blueShift: number
}

const SERVER_FORMAT: PixelFormat = { bigEndian: false, redMax: 255, greenMax: 255, blueMax: 255, redShift: 16, greenShift: 8, blueShift: 0 }

function pixelFormatBytes(format: PixelFormat): Buffer {
  const bytes = Buffer.alloc(16)
  bytes[0] = 32 // bits per pixel
  bytes[1] = 24 // depth
  bytes[2] = format.bigEndian ? 1 : 0
  bytes[3] = 1 // true colour
  bytes.writeUInt16BE(format.redMax, 4)
  bytes.writeUInt16BE(format.greenMax, 6)
  bytes.writeUInt16BE(format.blueMax, 8)
  bytes[10] = format.redShift
  bytes[11] = format.greenShift
  bytes[12] = format.blueShift
  return bytes
}

/** A SetPixelFormat's format, or `undefined` when it is not 32-bpp true colour with shifts that fit. */
function readPixelFormat(bytes: Buffer): PixelFormat | undefined {
  const [bitsPerPixel, depth, bigEndian, trueColour] = [bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!]
  if (bitsPerPixel !== 32 || trueColour === 0 || depth === 0 || depth > 32) return undefined
  const format: PixelFormat = {
    bigEndian: bigEndian !== 0,
    redMax: bytes.readUInt16BE(4),
    greenMax: bytes.readUInt16BE(6),
    blueMax: bytes.readUInt16BE(8),
    redShift: bytes[10]!,
    greenShift: bytes[11]!,
    blueShift: bytes[12]!,
  }
  const fits = (max: number, shift: number) => max > 0 && shift < 32 && max * 2 ** shift < 2 ** 32
  return fits(format.redMax, format.redShift) && fits(format.greenMax, format.greenShift) && fits(format.blueMax, format.blueShift)
    ? format
    : undefined
}

/** A Raw rectangle's pixels of `rect` in the client's format. */
function encodeRaw(canvas: Canvas, rect: Rect, format: PixelFormat): Buffer {
  const out = Buffer.alloc(rect.w * rect.h * 4)
  const scale = (value: number, max: number) => (max === 255 ? value : Math.round((value * max) / 255))
  let at = 0
  for (let row = rect.y; row < rect.y + rect.h; row++) {
    for (let col = rect.x; col < rect.x + rect.w; col++) {
      const from = (row * canvas.width + col) * 3
      const pixel =
        (scale(canvas.rgb[from]!, format.redMax) * 2 ** format.redShift +
          scale(canvas.rgb[from + 1]!, format.greenMax) * 2 ** format.greenShift +
          scale(canvas.rgb[from + 2]!, format.blueMax) * 2 ** format.blueShift) %
        2 ** 32
      if (format.bigEndian) out.writeUInt32BE(pixel, at)
      else out.writeUInt32LE(pixel, at)
      at += 4
    }
  }
  return out
}

/** What the panel shows. */
interface PanelState {
  clock: string
  lastKey: string | undefined
  pointer: { x: number; y: number } | undefined
  mark: { x: number; y: number } | undefined
}

function drawPanel(canvas: Canvas, title: string, state: PanelState) {
  const { width, height } = canvas
  canvas.fill(0, 0, width, height, BACKGROUND_RGB)
  canvas.fill(0, 0, width, 40, TITLE_BAR_RGB)
  canvas.text(12, 13, title, 2, TEXT_RGB)
  canvas.text(24, 64, 'UTC', 2, DIM_RGB)
  canvas.text(24, 88, state.clock, 4, CLOCK_RGB)
  canvas.text(24, 140, `LAST KEY: ${state.lastKey ?? '-'}`, 2, TEXT_RGB)
  canvas.text(24, 168, `POINTER: ${state.pointer ? `${state.pointer.x},${state.pointer.y}` : '-'}`, 2, TEXT_RGB)
  canvas.text(12, height - 20, 'HONU DEVICE SIMULATOR - PANEL', 1, DIM_RGB)
  if (state.mark) {
    const { x, y } = state.mark
    canvas.fill(x - 8, y, 17, 1, CROSSHAIR_RGB)
    canvas.fill(x, y - 8, 1, 17, CROSSHAIR_RGB)
  }
}

const utcClock = (now: Date) => now.toISOString().slice(11, 19)

/** One client's connection: the handshake's stage, its pixel format, what changed since its last update. */
interface Client {
  socket: Socket
  format: PixelFormat
  /** What changed since the last update sent; all of it before the first. */
  /** What changed since the client's last update and it has not been sent (rectangles, apart or overlapping). */
  dirty: Rect[]
  /** An incremental request waiting for a change. */
  waiting: Rect | undefined
}

/** Starts a panel desktop listening on `host:port` (a free port for 0). */
export async function startPanelDesktop({
  title,
  password,
  width = 640,
  height = 400,
  port = 0,
  host = '127.0.0.1',
}: PanelDesktopOptions): Promise<PanelDesktop> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 64 || height < 64 || width > 4096 || height > 4096)
    throw new Error(`a panel desktop is 64 to 4096 pixels wide and high, not ${width}×${height}`)
  const full: Rect = { x: 0, y: 0, w: width, h: height }
  let canvas = new Canvas(width, height)
  let spare = new Canvas(width, height)
  const state: PanelState = { clock: utcClock(new Date()), lastKey: undefined, pointer: undefined, mark: undefined }
  drawPanel(canvas, title, state)
  const clients = new Set<Client>()
  const sockets = new Set<Socket>()

  const sendUpdate = (client: Client, rect: Rect | undefined) => {
    if (client.socket.destroyed) return
    const header = Buffer.alloc(4)
    header[0] = 0 // FramebufferUpdate
    header.writeUInt16BE(rect ? 1 : 0, 2)
    if (!rect) return void client.socket.write(header)
    const rectHeader = Buffer.alloc(12)
    rectHeader.writeUInt16BE(rect.x, 0)
    rectHeader.writeUInt16BE(rect.y, 2)
    rectHeader.writeUInt16BE(rect.w, 4)
    rectHeader.writeUInt16BE(rect.h, 6)
    rectHeader.writeInt32BE(0, 8) // Raw
    client.socket.write(Buffer.concat([header, rectHeader, encodeRaw(canvas, rect, client.format)]))
  }

  /** Answers an incremental request with what changed inside it, or keeps it until something does. */
  const answerIncremental = (client: Client, area: Rect) => {
    const inside = client.dirty.flatMap((d) => intersect(d, area) ?? [])
    if (inside.length === 0) {
      client.waiting = area
      return
    }
    client.waiting = undefined
    // One rectangle around what changed inside the area; what changed outside it stays owed, and what was sent is
    // owed no more (so a request for part of the screen waits for the next change instead of getting it again).
    const rect = inside.slice(1).reduce(union, inside[0]!)
    client.dirty = owedAfter(client.dirty, rect)
    sendUpdate(client, rect)
  }

  let redrawQueued = false
  const redraw = () => {
    redrawQueued = false
    drawPanel(spare, title, state)
    const rect = changed(canvas.rgb, spare.rgb, width, height)
    ;[canvas, spare] = [spare, canvas]
    if (!rect) return
    for (const client of clients) {
      // A client that asks for nothing for long owes one box, not a list growing every second.
      client.dirty = client.dirty.length >= 32 ? [client.dirty.reduce(union, rect)] : [...client.dirty, rect]
      if (client.waiting) answerIncremental(client, client.waiting)
    }
  }
  const queueRedraw = () => {
    if (redrawQueued) return
    redrawQueued = true
    setImmediate(redraw)
  }
  const clock = setInterval(() => {
    const now = utcClock(new Date())
    if (now === state.clock) return
    state.clock = now
    queueRedraw()
  }, 250)

  const serve = (socket: Socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    const client: Client = { socket, format: SERVER_FORMAT, dirty: [full], waiting: undefined }
    let stage: 'version' | 'security' | 'auth' | 'init' | 'messages' = 'version'
    let challenge: Buffer | undefined
    let pending: Buffer = Buffer.alloc(0)
    /** Clipboard or encoding bytes still to be skipped. */
    let skip = 0

    const refuse = (reason: string) => {
      const text = Buffer.from(reason, 'utf8')
      const result = Buffer.alloc(8)
      result.writeUInt32BE(1, 0)
      result.writeUInt32BE(text.length, 4)
      socket.end(Buffer.concat([result, text]))
      stage = 'version'
      pending = Buffer.alloc(0)
      socket.removeAllListeners('data')
    }
    const drop = () => {
      clients.delete(client)
      socket.destroy()
    }

    /** Handles one whole message at the start of `pending`: the bytes it took, or 0 until it has all arrived. */
    const step = (): number => {
      switch (stage) {
        case 'version': {
          if (pending.length < 12) return 0
          if (pending.subarray(0, 12).toString('latin1') !== VERSION_3_8) {
            drop()
            return 0
          }
          socket.write(Buffer.from([1, password === undefined ? 1 : 2]))
          stage = 'security'
          return 12
        }
        case 'security': {
          const type = pending[0]!
          if (type !== (password === undefined ? 1 : 2)) {
            refuse('security type not offered')
            return 0
          }
          if (password === undefined) {
            socket.write(Buffer.alloc(4))
            stage = 'init'
          } else {
            challenge = randomBytes(16)
            socket.write(challenge)
            stage = 'auth'
          }
          return 1
        }
        case 'auth': {
          if (pending.length < 16) return 0
          if (!timingSafeEqual(pending.subarray(0, 16), vncAuthResponse(password!, challenge!))) {
            refuse('authentication failed')
            return 0
          }
          socket.write(Buffer.alloc(4))
          stage = 'init'
          return 16
        }
        case 'init': {
          // The shared flag: every session is shared.
          const name = Buffer.from(title, 'utf8')
          const init = Buffer.alloc(24)
          init.writeUInt16BE(width, 0)
          init.writeUInt16BE(height, 2)
          pixelFormatBytes(SERVER_FORMAT).copy(init, 4)
          init.writeUInt32BE(name.length, 20)
          socket.write(Buffer.concat([init, name]))
          clients.add(client)
          stage = 'messages'
          return 1
        }
        case 'messages':
          return message()
      }
    }

    const message = (): number => {
      switch (pending[0]) {
        case 0: {
          // SetPixelFormat
          if (pending.length < 20) return 0
          const format = readPixelFormat(pending.subarray(4, 20))
          if (!format) {
            drop()
            return 0
          }
          client.format = format
          return 20
        }
        case 2: {
          // SetEncodings: Raw is always sent, so the list is skipped.
          if (pending.length < 4) return 0
          skip = 4 * pending.readUInt16BE(2)
          return 4
        }
        case 3: {
          // FramebufferUpdateRequest
          if (pending.length < 10) return 0
          const area = intersect(
            { x: pending.readUInt16BE(2), y: pending.readUInt16BE(4), w: pending.readUInt16BE(6), h: pending.readUInt16BE(8) },
            full,
          )
          if (pending[1] === 0) {
            client.waiting = undefined
            if (area) client.dirty = owedAfter(client.dirty, area)
            sendUpdate(client, area)
          } else if (area) answerIncremental(client, area)
          else sendUpdate(client, undefined)
          return 10
        }
        case 4: {
          // KeyEvent
          if (pending.length < 8) return 0
          if (pending[1] !== 0) {
            state.lastKey = keysymLabel(pending.readUInt32BE(4))
            queueRedraw()
          }
          return 8
        }
        case 5: {
          // PointerEvent
          if (pending.length < 6) return 0
          const at = { x: Math.min(pending.readUInt16BE(2), width - 1), y: Math.min(pending.readUInt16BE(4), height - 1) }
          state.pointer = at
          if (pending[1] !== 0) state.mark = at
          queueRedraw()
          return 6
        }
        case 6: {
          // ClientCutText: read and dropped.
          if (pending.length < 8) return 0
          const length = pending.readUInt32BE(4)
          if (length > MAX_CUT_TEXT_BYTES) {
            drop()
            return 0
          }
          skip = length
          return 8
        }
        default:
          drop()
          return 0
      }
    }

    socket.on('data', (chunk: Buffer) => {
      try {
        let data = chunk
        if (skip > 0) {
          const skipped = Math.min(skip, data.length)
          skip -= skipped
          data = data.subarray(skipped)
        }
        pending = pending.length > 0 ? Buffer.concat([pending, data]) : data
        while (pending.length > 0 && !socket.destroyed && skip === 0) {
          const used = step()
          if (used === 0) break
          pending = pending.subarray(used)
          if (skip > 0) {
            const skipped = Math.min(skip, pending.length)
            skip -= skipped
            pending = pending.subarray(skipped)
          }
        }
        if (pending.length > MAX_PENDING_BYTES) drop()
      } catch {
        drop()
      }
    })
    socket.on('error', () => drop())
    socket.write(Buffer.from(VERSION_3_8, 'latin1'))
    socket.on('close', () => {
      clients.delete(client)
      sockets.delete(socket)
    })
    // A client that never finishes the handshake is let go.
    socket.setTimeout(30_000, () => {
      if (stage !== 'messages') drop()
      else socket.setTimeout(0)
    })
  }

  const server = createServer(serve)
  server.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the panel desktop has no TCP address')
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(clock)
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
