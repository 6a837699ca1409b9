// Every book of the widgets, for the catalogue test and for `TranslationsOf` in each language's module. Widgets
// import their own book directly (never this index), so each book lands in the chunk of its widget.
import { mapMessages } from './map'
import { placeholderMessages } from './placeholder'
import { planMapMessages } from './plan-map'
import { playbackMessages } from './playback'
import { videoMessages } from './video'
import { widgetTypeMessages } from './widget-types'

/** The widgets' message books, by name. */
export const books = { mapMessages, planMapMessages, placeholderMessages, playbackMessages, videoMessages, widgetTypeMessages }
