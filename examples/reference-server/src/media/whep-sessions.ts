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

/** Every session of the server is taken. */
export class WhepBusyError extends Error {}

/** The viewer, or their tenant, already has as many sessions as allowed. */
export class WhepLimitError extends Error {}

/** Most sessions open at once: on the whole server, per user and per tenant. */
export interface WhepLimits {
  total: number
  perUser: number
  perTenant: number
}

/** Defaults of {@link WhepLimits}: a tiled dashboard of four WebRTC cameras per user, a crew of four per tenant. */
export const DEFAULT_WHEP_LIMITS: WhepLimits = { total: 64, perUser: 4, perTenant: 16 }

/** Whose a session is: the stream it plays and the user who opened it (from the media check). */
export interface WhepOwner {
  tenantId: string
  videoId: string
  uid: string
}

/** The WebRTC sessions of WHEP viewers, each sending the looped VP8 fixture. */
export interface WhepSessions {
  /**
   * Answers a viewer's offer and starts sending once connected. The limits are checked before a peer connection
   * is made, and the slot is held from then on, so concurrent offers cannot pass them together.
   */
  open(owner: WhepOwner, offer: string): Promise<{ id: string; answer: string }>
  /** Ends one session (its viewer's DELETE); false unless it is a session of that stream opened by that user. */
  close(owner: WhepOwner, sessionId: string): boolean
  /** Ends every session of a source (taken down), in every tenant. */
  closeSource(videoId: string): void
  /** Ends everything, the STUN responder included. */
  closeAll(): Promise<void>
  readonly size: number
}

interface Session extends WhepOwner {
  stop(): void
}

/**
 * WHEP's media side over werift, a WebRTC stack in plain TypeScript: one peer connection per viewer, a
 * send-only VP8 track fed from the fixture's frames at 30 fps, starting on a keyframe. The STUN responder starts
 * with the first viewer, so servers that never see WHEP open no UDP socket.
 */
export function createWhepSessions(frames: readonly Buffer[], options: { limits?: Partial<WhepLimits> } = {}): WhepSessions {
  const sessions = new Map<string, Session>()
  let stun: Promise<StunResponder> | undefined
  const limits = { ...DEFAULT_WHEP_LIMITS, ...options.limits }
  const count = (match: (session: Session) => boolean) => [...sessions.values()].filter(match).length

  const open = async (owner: WhepOwner, offer: string) => {
    // werift accepts nearly any text as an offer; a WHEP offer is SDP with a video section to receive into.
    if (!/^v=0\r?\n/.test(offer) || !/^m=video /m.test(offer)) {
      throw new WhepOfferError('The offer cannot be answered: it is not SDP with a video section.')
    }
    if (count((s) => s.uid === owner.uid) >= limits.perUser) {
      throw new WhepLimitError(`At most ${limits.perUser} WebRTC streams per viewer at a time: close one to open another.`)
    }
    if (count((s) => s.tenantId === owner.tenantId) >= limits.perTenant) {
      throw new WhepLimitError(`At most ${limits.perTenant} WebRTC streams per tenant at a time.`)
    }
    if (sessions.size >= limits.total) throw new WhepBusyError(`At most ${limits.total} WebRTC viewers at a time.`)
    // The slot is taken now, before the first await: offers arriving together are counted against each other.
    // Until answered, stopping it (source down, server closing) only frees the slot; answer() then gives up.
    const id = randomUUID()
    const session: Session = { ...owner, stop: () => void sessions.delete(id) }
    sessions.set(id, session)
    try {
      return await answer(id, session, offer)
    } catch (error) {
      sessions.delete(id)
      throw error
    }
  }

  const answer = async (id: string, session: Session, offer: string) => {
    stun ??= startStunResponder()
    const { port } = await stun
    if (!sessions.has(id)) throw new WhepBusyError('The stream was closed while the offer was answered.')
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

    let sender: ReturnType<typeof setInterval> | undefined
    const stop = () => {
      clearInterval(sender)
      clearTimeout(connectTimeout)
      sessions.delete(id)
      void pc.close()
    }
    const connectTimeout = setTimeout(stop, CONNECT_TIMEOUT_MS)
    if (!sessions.has(id)) {
      // Closed (source down, server closing) while the offer was being answered: nothing may keep running.
      stop()
      throw new WhepBusyError('The stream was closed while the offer was answered.')
    }
    session.stop = stop
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
    return { id, answer }
  }

  return {
    open,
    close(owner, sessionId) {
      const session = sessions.get(sessionId)
      const same = session && session.tenantId === owner.tenantId && session.videoId === owner.videoId && session.uid === owner.uid
      if (!session || !same) return false
      session.stop()
      return true
    },
    closeSource(videoId) {
      for (const session of [...sessions.values()]) if (session.videoId === videoId) session.stop()
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
