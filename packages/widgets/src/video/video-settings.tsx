import { createContext, useContext, type ReactNode } from 'react'
import type { HlsOptions } from './hls-playback'

/** Page-wide video settings a host provides once (for example where hls.js's worker script is served). */
export interface VideoSettings {
  hls?: HlsOptions
}

const VideoSettingsContext = createContext<VideoSettings | undefined>(undefined)

// The page's defaults, for hosts without React of their own (the `<honu-console>` element's page). Kept on
// globalThis under a registered symbol: page-wide by nature, and one value even where a bundler gave this module two
// copies (the CommonJS entries `index` and `registry` each inline it).
const DEFAULTS = Symbol.for('@honu/widgets.videoDefaults')
type WithDefaults = { [DEFAULTS]?: VideoSettings }

/**
 * Sets the page's video settings, used by every Video widget that has no {@link VideoSettingsProvider} above it
 * (a provider's value wins). For a host that does not render React itself; call it before the widgets mount.
 *
 * @example setVideoDefaults({ hls: { workerPath: '/assets/hls.worker.js' } })
 */
export function setVideoDefaults(settings: VideoSettings): void {
  ;(globalThis as WithDefaults)[DEFAULTS] = settings
}

/**
 * Provides video settings to every Video widget below. Under a strict CSP (no blob: workers), pass the served
 * address of `hls.js/dist/hls.worker.js` so demuxing stays off the main thread.
 *
 * @example <VideoSettingsProvider value={{ hls: { workerPath: hlsWorkerUrl } }}>…</VideoSettingsProvider>
 */
export function VideoSettingsProvider({ value, children }: { value: VideoSettings; children: ReactNode }) {
  return <VideoSettingsContext.Provider value={value}>{children}</VideoSettingsContext.Provider>
}

/** The nearest provider's settings, else the page's defaults ({@link setVideoDefaults}), else none. */
export const useVideoSettings = (): VideoSettings => useContext(VideoSettingsContext) ?? (globalThis as WithDefaults)[DEFAULTS] ?? {}
