import dgram from 'node:dgram'

const BINDING_REQUEST = 0x0001
const BINDING_SUCCESS = 0x0101
const MAGIC_COOKIE = 0x2112a442
const XOR_MAPPED_ADDRESS = 0x0020

/** A running STUN responder. */
export interface StunResponder {
  port: number
  close(): Promise<void>
}

/**
 * A minimal STUN server (RFC 8489 binding requests over IPv4) on the loopback address. werift's ICE agent always
 * asks a STUN server for its public address and falls back to Google's, which makes every WHEP answer wait
 * 5 s for a timeout on a machine without internet; a local responder keeps the answer instant and nothing
 * leaves the machine.
 */
export function startStunResponder(): Promise<StunResponder> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, from) => {
    if (message.length < 20 || message.readUInt16BE(0) !== BINDING_REQUEST || message.readUInt32BE(4) !== MAGIC_COOKIE) return
    const response = Buffer.alloc(32)
    response.writeUInt16BE(BINDING_SUCCESS, 0)
    response.writeUInt16BE(12, 2)
    message.copy(response, 4, 4, 20) // magic cookie and transaction id
    response.writeUInt16BE(XOR_MAPPED_ADDRESS, 20)
    response.writeUInt16BE(8, 22)
    response.writeUInt16BE(0x0001, 24) // IPv4
    response.writeUInt16BE(from.port ^ (MAGIC_COOKIE >>> 16), 26)
    const address = from.address.split('.').reduce((value, part) => (value << 8) | Number(part), 0) >>> 0
    response.writeUInt32BE((address ^ MAGIC_COOKIE) >>> 0, 28)
    socket.send(response, from.port, from.address)
  })
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(0, '127.0.0.1', () => {
      resolve({
        port: socket.address().port,
        close: () => new Promise<void>((done) => socket.close(() => done())),
      })
    })
  })
}
