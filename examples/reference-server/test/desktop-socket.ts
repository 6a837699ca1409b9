import { expect } from 'vitest'
import WebSocket from 'ws'
import { remoteDesktopPath } from '@honu/core/live'
import { ByteQueue } from '../src/remote/byte-queue'

/** A viewer of the remote-desktop bridge for tests: a real WebSocket speaking RFB 3.8 itself, as noVNC does. */
export interface DesktopViewer {
  ws: WebSocket
  /** Text frames the bridge sent (the `ready` frame). */
  texts: unknown[]
  /** Binary frames, as one stream of bytes. */
  bytes: ByteQueue
  closed: Promise<{ code: number; reason: string }>
  send(data: Buffer | string): void
  close(): void
}

/** Opens the bridge's socket for a device; with a token, sends the auth frame. */
export async function openDesktop(baseUrl: string, deviceId: string, options: { token?: string; origin?: string } = {}): Promise<DesktopViewer> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${remoteDesktopPath(deviceId)}`, {
    headers: options.origin ? { origin: options.origin } : {},
  })
  const texts: unknown[] = []
  const bytes = new ByteQueue()
  ws.on('message', (data, isBinary) => {
    if (isBinary) bytes.push(data as Buffer)
    else texts.push(JSON.parse(String(data)))
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      bytes.end(new Error(`closed ${code}`))
      resolve({ code, reason: String(reason) })
    }),
  )
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  if (options.token) ws.send(JSON.stringify({ type: 'auth', token: options.token }))
  return { ws, texts, bytes, closed, send: (data) => ws.send(data), close: () => ws.close() }
}

/** The viewer's side of the RFB handshake (3.8, security None, shared): answers the desktop's size and name. */
export async function handshake(viewer: DesktopViewer): Promise<{ width: number; height: number; name: string }> {
  expect((await viewer.bytes.read(12)).toString('latin1')).toBe('RFB 003.008\n')
  viewer.send(Buffer.from('RFB 003.008\n', 'latin1'))
  expect([...(await viewer.bytes.read(2))]).toEqual([1, 1])
  viewer.send(Buffer.from([1]))
  expect((await viewer.bytes.read(4)).readUInt32BE(0)).toBe(0)
  viewer.send(Buffer.from([1]))
  const init = await viewer.bytes.read(24)
  const name = (await viewer.bytes.read(init.readUInt32BE(20))).toString('utf8')
  return { width: init.readUInt16BE(0), height: init.readUInt16BE(2), name }
}

/** RFB PointerEvent: the pointer at (x, y) with a button mask. */
export const pointerEvent = (x: number, y: number, buttons = 0) => {
  const message = Buffer.alloc(6)
  message[0] = 5
  message[1] = buttons
  message.writeUInt16BE(x, 2)
  message.writeUInt16BE(y, 4)
  return message
}

/** RFB KeyEvent: a key (X keysym) down or up. */
export const keyEvent = (keysym: number, down: boolean) => {
  const message = Buffer.alloc(8)
  message[0] = 4
  message[1] = down ? 1 : 0
  message.writeUInt32BE(keysym, 4)
  return message
}

/** RFB FramebufferUpdateRequest for the whole screen. */
export const updateRequest = (width: number, height: number, incremental = false) => {
  const message = Buffer.alloc(10)
  message[0] = 3
  message[1] = incremental ? 1 : 0
  message.writeUInt16BE(width, 6)
  message.writeUInt16BE(height, 8)
  return message
}
