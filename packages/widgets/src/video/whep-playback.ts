import { attach } from './media-attachment'
import { NO_MEDIA_AUTH, type MediaAuth } from './media-credentials'
import { PlaybackError, refusalReason, type Playback, type PlaybackEvents } from './playback'

/**
 * Plays WebRTC through WHEP (RFC 9725): a receive-only offer POSTed as `application/sdp`, the answer applied,
 * the session DELETEd on stop, both with `auth`'s headers (a bearer token on the API's origin only). ICE
 * candidates are gathered before the offer is sent (no trickle), which every WHEP server accepts. The stream is
 * shown only while this playback holds the element.
 */
export function startWhep(video: HTMLVideoElement, url: string, events: PlaybackEvents, auth: MediaAuth = NO_MEDIA_AUTH): Playback {
  const attachment = attach(video)
  const pc = new RTCPeerConnection()
  let session: string | undefined
  let destroyed = false
  pc.addTransceiver('video', { direction: 'recvonly' })
  pc.addTransceiver('audio', { direction: 'recvonly' })
  pc.ontrack = (event) => {
    if (event.track.kind !== 'video' || !attachment.held) return
    video.srcObject = event.streams[0] ?? new MediaStream([event.track])
    void video.play().catch(() => {})
  }
  pc.onconnectionstatechange = () => {
    if (destroyed) return
    if (pc.connectionState === 'failed' || pc.connectionState === 'closed') events.failed({ key: 'webrtcLost' })
    if (pc.connectionState === 'disconnected') events.stalled()
  }
  const onPlaying = () => events.playing()
  video.addEventListener('playing', onPlaying)
  const end = (address: string) =>
    void auth
      .headers(address)
      .then((headers) => fetch(address, { method: 'DELETE', mode: 'cors', headers }))
      .catch(() => {})

  const destroy = () => {
    if (destroyed) return
    destroyed = true
    video.removeEventListener('playing', onPlaying)
    pc.close()
    attachment.release(() => (video.srcObject = null))
    if (session) end(session)
  }

  void (async () => {
    try {
      await pc.setLocalDescription(await pc.createOffer())
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve()
        const done = () => pc.iceGatheringState === 'complete' && resolve()
        pc.addEventListener('icegatheringstatechange', done)
        setTimeout(resolve, 2000)
      })
      const response = await fetch(url, {
        method: 'POST',
        mode: 'cors',
        headers: { ...(await auth.headers(url)), 'content-type': 'application/sdp' },
        body: pc.localDescription?.sdp,
      })
      if (!response.ok) throw new PlaybackError(await refusalReason(response))
      const location = response.headers.get('location')
      session = location ? new URL(location, url).toString() : undefined
      // Destroyed while the offer was out: end the session the server just opened rather than leave it waiting.
      if (destroyed && session) end(session)
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() })
    } catch (error) {
      if (!destroyed) events.failed(error instanceof PlaybackError ? error.reason : { key: 'webrtcUnreachable' })
    }
  })()
  return { destroy }
}
