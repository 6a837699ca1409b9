import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The video player: its state badge, stats, and why a stream does not play. */
export const playbackMessages = defineMessages(
  'widgets.playback',
  {
    connecting: 'Connecting…',
    playing: 'Live',
    stalled: 'Stalled: waiting for video',
    failed: 'No video',
    paused: 'Paused while hidden',
    retryingIn: '{seconds, plural, one {Retrying in # second.} other {Retrying in # seconds.}}',
    retryNow: 'Retry now',
    fps: '{fps, number, integer} fps',
    behindLive: '{seconds} s behind live',
    stoppedSending: 'The stream stopped sending video.',
    unreachable: 'The stream cannot be reached.',
    cannotPlay: 'The stream cannot be played.',
    ended: 'The stream ended.',
    noHls: 'This browser cannot play HLS.',
    playerNotLoaded: 'The video player could not be loaded.',
    signInAgain: 'Sign in again to watch this stream.',
    notAvailable: 'This stream is not available.',
    answered: 'The stream answered {status, number, integer}.',
    serverSaid: '{message}',
    webrtcLost: 'The WebRTC connection was lost.',
    webrtcUnreachable: 'The WebRTC stream cannot be reached.',
    invalidAddress: 'This source cannot be played: its address is not valid.',
    badScheme: 'This source cannot be played: its address starts with “{scheme}”; only http, https and blob addresses are.',
  },
  translations,
)

/**
 * Why a stream does not play, as a message of {@link playbackMessages} and its values: the framework-free player
 * says why, the markup words it in the console's language.
 */
export interface PlaybackReason {
  key: keyof typeof playbackMessages.messages
  values?: Readonly<Record<string, string | number>>
}
