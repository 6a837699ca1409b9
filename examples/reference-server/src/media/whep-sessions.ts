import { randomUUID, randomInt } from 'node:crypto'
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, useOPUS, useVP8 } from 'werift'
import { packetizeVp8 } from './vp8-rtp'
import { startStunResponder, type StunResponder } from './stun-responder'

const FPS = 30
const RTP_CLOCK = 90_000
/** A session whose viewer never connects is dropped after this long. */
const CONNECT_TIMEOUT_MS = 15_000

/** An offer that cannot be answered: not SDP, or nothing to receive video with. */
export class WhepOfferError extends Error {}

/** Every session is taken. */
export class WhepBusyError extends Error {}

/** The WebRTC sessions of WHEP viewers, each sending the looped VP8 fixture. */
export interface WhepSessions {
  /** Answers a viewer's offer and starts sending once connected. */
  open(sourceId: string, offer: string): Promise<{ id: string; answer: string }>
  /** Ends one session (its viewer's DELETE); false when there is no such session of that source. */
  close(sourceId: string, sessionId: string): boolean
  /** Ends every session of a source (taken down). */
  closeSource(sourceId: string): void
  /** Ends everything, the STUN responder included. */
  closeAll(): Promise<void>
  readonly size: number
}

interface Session {
  sourceId: string
  stop(): void
}

/**
 * WHEP's media side over werift, a WebRTC stack in plain TypeScript: one peer connection per viewer, a
 * send-only VP8 track fed from the fixture's frames at 30 fps, starting on a keyframe. The STUN responder starts
 * with the first viewer, so servers that never see WHEP open no UDP socket.
 */
export function createWhepSessions(frames: readonly Buffer[], options: { maxSessions?: number } = {}): WhepSessions {
  const sessions = new Map<string, Session>()
  let stun: Promise<StunResponder> | undefined
  const maxSessions = options.maxSessions ?? 64

  const open = async (sourceId: string, offer: string) => {
    // werift accepts nearly any text as an offer; a WHEP offer is SDP with a video section to receive into.
    if (!/^v=0\r?\n/.test(offer) || !/^m=video /m.test(offer)) {
      throw new WhepOfferError('The offer cannot be answered: it is not SDP with a video section.')
    }
    if (sessions.size >= maxSessions) throw new WhepBusyError(`At most ${maxSessions} WebRTC viewers at a time.`)
    stun ??= startStunResponder()
    const { port } = await stun
    const pc = new RTCPeerConnection({
      iceServers: [{ urls: `stun:127.0.0.1:${port}` }],
      codecs: { video: [useVP8()], audio: [useOPUS()] },
    })
    const track = new MediaStreamTrack({ kind: 'video' })
    pc.addTransceiver(track, { direction: 'sendonly' })
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer })
    } catch (error) {
      await pc.close()
      throw new WhepOfferError(`The offer cannot be answered: ${error instanceof Error ? error.message : String(error)}`)
    }
    await pc.setLocalDescription(await pc.createAnswer())
    const answer = pc.localDescription?.sdp
    if (!answer) {
      await pc.close()
      throw new WhepOfferError('The offer cannot be answered.')
    }

    const id = randomUUID()
    let sender: ReturnType<typeof setInterval> | undefined
    const stop = () => {
      clearInterval(sender)
      clearTimeout(connectTimeout)
      sessions.delete(id)
      void pc.close()
    }
    const connectTimeout = setTimeout(stop, CONNECT_TIMEOUT_MS)
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !sender) {
        clearTimeout(connectTimeout)
        let next = 0
        let sequence = randomInt(0, 0x10000)
        let timestamp = randomInt(0, 0x100000000)
        sender = setInterval(() => {
          const frame = frames[next++ % frames.length]!
          for (const packet of packetizeVp8(frame)) {
            const header = new RtpHeader({ sequenceNumber: sequence, timestamp, marker: packet.marker, payloadType: 96 })
            track.writeRtp(new RtpPacket(header, packet.payload))
            sequence = (sequence + 1) & 0xffff
          }
          timestamp = (timestamp + RTP_CLOCK / FPS) >>> 0
        }, 1000 / FPS)
      }
      if (state === 'failed' || state === 'closed' || state === 'disconnected') stop()
    })
    sessions.set(id, { sourceId, stop })
    return { id, answer }
  }

  return {
    open,
    close(sourceId, sessionId) {
      const session = sessions.get(sessionId)
      if (!session || session.sourceId !== sourceId) return false
      session.stop()
      return true
    },
    closeSource(sourceId) {
      for (const session of [...sessions.values()]) if (session.sourceId === sourceId) session.stop()
    },
    async closeAll() {
      for (const session of [...sessions.values()]) session.stop()
      if (stun) await (await stun).close()
      stun = undefined
    },
    get size() {
      return sessions.size
    },
  }
}
