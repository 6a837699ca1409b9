import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The Video widget's own words: its stream picker and the states before a stream plays. */
export const videoMessages = defineMessages(
  'widgets.video',
  {
    pickerTitle: 'Choose a stream for {name}',
    pickerDescription: 'The widget plays the stream you pick. Arrow keys move between streams.',
    streams: 'Streams of this tenant',
    loadingStreams: 'Loading streams…',
    streamsFailed: 'The streams could not be loaded: {reason}',
    noAnswer: 'the server did not answer.',
    retry: 'Try again',
    noTenant: 'Choose a tenant first: streams belong to a tenant.',
    noStreams: 'This tenant has no streams yet. Add one in the stream list, then come back.',
    pickFirst: 'Pick a stream first.',
    cancel: 'Cancel',
    show: 'Show stream',
    noStream: 'No stream is chosen for this widget.',
    streamGone: 'This stream is no longer in the tenant’s list; remove the widget or pick another stream.',
    chooseStream: 'Choose a stream',
    findingStream: 'Finding the stream…',
    streamFailed: 'The stream could not be loaded: {reason}',
  },
  translations,
)
