import { createCipheriv } from 'node:crypto'
import type { ByteQueue } from './byte-queue'

/**
 * The parts of RFB (RFC 6143, the VNC protocol) the bridge speaks itself: the handshake with the desktop as a client
 * (answering its password challenge), the handshake with the viewer as a server (security type None), and the
 * framing of the viewer's messages, so input can be told from everything else.
 */

const VERSION_3_8 = 'RFB 003.008\n'
/** Security types (RFC 6143 §7.1.2). */
const SECURITY_NONE = 1
const SECURITY_VNC_AUTH = 2

/** Why a desktop could not be used; the message is for the server's log and the audit trail, never the viewer. */
export class DesktopRefused extends Error {}

/**
 * The VNC password challenge's answer (RFC 6143 §7.2.2): the 16-byte challenge encrypted with DES, keyed by the
 * password's first 8 bytes (zero-padded), each byte's bits in reverse order. OpenSSL 3 keeps single DES in its
 * legacy provider only, so it runs as DES-EDE with both keys the same (E(k)·D(k)·E(k) = E(k)).
 */
export function vncAuthResponse(password: string, challenge: Buffer): Buffer {
  const key = Buffer.alloc(8)
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8)
  for (let i = 0; i < 8; i++) {
    let byte = key[i]!
    let reversed = 0
    for (let bit = 0; bit < 8; bit++) {
      reversed = (reversed << 1) | (byte & 1)
      byte >>= 1
    }
    key[i] = reversed
  }
  const cipher = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null)
  cipher.setAutoPadding(false)
  return Buffer.concat([cipher.update(challenge), cipher.final()])
}

async function readReason(input: ByteQueue): Promise<string> {
  const length = (await input.read(4)).readUInt32BE(0)
  return (await input.read(Math.min(length, 4096))).toString('utf8')
}

/**
 * The bridge's side of the handshake with a desktop, as an RFB 3.8 client: version, security (VNC authentication
 * with the stored password when the desktop asks for it, else None), and the security result. The desktop then
 * waits for ClientInit, which the viewer's own handshake provides.
 *
 * @throws {DesktopRefused} for another protocol, no security type the bridge speaks, or a refused password.
 */
export async function greetDesktop(input: ByteQueue, write: (bytes: Buffer) => void, password: string | undefined): Promise<void> {
  const version = (await input.read(12)).toString('latin1')
  if (!/^RFB \d{3}\.\d{3}\n$/.test(version)) throw new DesktopRefused('the endpoint does not speak RFB')
  const [major, minor] = version.slice(4, 11).split('.').map(Number) as [number, number]
  if (major < 3 || (major === 3 && minor < 8)) throw new DesktopRefused(`RFB ${major}.${minor} is older than 3.8`)
  write(Buffer.from(VERSION_3_8, 'latin1'))
  const count = (await input.read(1))[0]!
  if (count === 0) throw new DesktopRefused(`the desktop refused the connection: ${await readReason(input)}`)
  const types = [...(await input.read(count))]
  const type =
    password !== undefined && types.includes(SECURITY_VNC_AUTH) ? SECURITY_VNC_AUTH : types.includes(SECURITY_NONE) ? SECURITY_NONE : undefined
  if (type === undefined) {
    throw new DesktopRefused(
      types.includes(SECURITY_VNC_AUTH)
        ? 'the desktop asks for a password and none is set'
        : `no security type the bridge speaks (${types.join(', ')})`,
    )
  }
  write(Buffer.from([type]))
  if (type === SECURITY_VNC_AUTH) write(vncAuthResponse(password!, await input.read(16)))
  const result = (await input.read(4)).readUInt32BE(0)
  if (result !== 0) throw new DesktopRefused(`the desktop refused the password: ${await readReason(input)}`)
}

/**
 * The bridge's side of the handshake with a viewer, as an RFB 3.8 server offering security type None (the bridge
 * has authenticated the viewer already). Answers the viewer's ClientInit byte (its shared flag).
 *
 * @throws {Error} when the viewer does not speak RFB 3.7 or 3.8, or picks another security type.
 */
export async function greetViewer(input: ByteQueue, write: (bytes: Buffer) => void): Promise<number> {
  write(Buffer.from(VERSION_3_8, 'latin1'))
  const version = (await input.read(12)).toString('latin1')
  if (version !== VERSION_3_8 && version !== 'RFB 003.007\n') throw new Error('the viewer does not speak RFB 3.7 or 3.8')
  write(Buffer.from([1, SECURITY_NONE]))
  if ((await input.read(1))[0] !== SECURITY_NONE) throw new Error('the viewer picked a security type not offered')
  // RFB 3.7 sends no security result for None; 3.8 does.
  if (version === VERSION_3_8) write(Buffer.alloc(4))
  return (await input.read(1))[0]!
}

/** What a viewer's message does: `input` reaches the desktop's keyboard, pointer, clipboard or size. */
export type ViewerMessageKind = 'input' | 'view'

/** Client-to-server message types (RFC 6143 §7.5 and the extensions noVNC sends). */
const SET_PIXEL_FORMAT = 0
const SET_ENCODINGS = 2
const FRAMEBUFFER_UPDATE_REQUEST = 3
const KEY_EVENT = 4
const POINTER_EVENT = 5
const CLIENT_CUT_TEXT = 6
const ENABLE_CONTINUOUS_UPDATES = 150
const CLIENT_FENCE = 248
const XVP = 250
const SET_DESKTOP_SIZE = 251
const QEMU = 255

/** Largest clipboard text a viewer may send (noVNC's own limit is lower). */
export const MAX_CUT_TEXT_BYTES = 1024 * 1024

/**
 * The next whole message a viewer sent, with its kind, or `undefined` until it has all arrived.
 *
 * @throws {Error} for a message type the bridge does not know (its length cannot be known, so the stream is lost).
 */
export function nextViewerMessage(bytes: Buffer): { length: number; kind: ViewerMessageKind } | undefined {
  if (bytes.length === 0) return undefined
  const need = (length: number, kind: ViewerMessageKind) => (bytes.length >= length ? { length, kind } : undefined)
  switch (bytes[0]) {
    case SET_PIXEL_FORMAT:
      return need(20, 'view')
    case SET_ENCODINGS:
      return bytes.length < 4 ? undefined : need(4 + 4 * bytes.readUInt16BE(2), 'view')
    case FRAMEBUFFER_UPDATE_REQUEST:
      return need(10, 'view')
    case ENABLE_CONTINUOUS_UPDATES:
      return need(10, 'view')
    case KEY_EVENT:
      return need(8, 'input')
    case POINTER_EVENT:
      return need(6, 'input')
    case CLIENT_CUT_TEXT: {
      if (bytes.length < 8) return undefined
      // A negative length is the extended clipboard's (its size is the absolute value).
      const length = Math.abs(bytes.readInt32BE(4))
      if (length > MAX_CUT_TEXT_BYTES) throw new Error('clipboard text too large')
      return need(8 + length, 'input')
    }
    case CLIENT_FENCE:
      return bytes.length < 9 ? undefined : need(9 + bytes[8]!, 'view')
    case XVP:
      return need(4, 'input')
    case SET_DESKTOP_SIZE:
      return bytes.length < 8 ? undefined : need(8 + 16 * bytes[6]!, 'input')
    case QEMU:
      if (bytes.length < 2) return undefined
      // Only the extended key event (sub-type 0), which noVNC sends when the desktop offers it.
      if (bytes[1] === 0) return need(12, 'input')
      throw new Error(`QEMU message ${bytes[1]} is not supported`)
    default:
      throw new Error(`message type ${bytes[0]} is not supported`)
  }
}
