import { createContext, useContext, type ReactNode } from 'react'
import type { HlsOptions } from './hls-playback'

/** Page-wide video settings a host provides once (for example where hls.js's worker script is served). */
export interface VideoSettings {
  hls?: HlsOptions
}

const VideoSettingsContext = createContext<VideoSettings>({})

/**
 * Provides video settings to every Video widget below. Under a strict CSP (no blob: workers), pass the served
 * address of `hls.js/dist/hls.worker.js` so demuxing stays off the main thread.
 *
 * @example <VideoSettingsProvider value={{ hls: { workerPath: hlsWorkerUrl } }}>…</VideoSettingsProvider>
 */
export function VideoSettingsProvider({ value, children }: { value: VideoSettings; children: ReactNode }) {
  return <VideoSettingsContext.Provider value={value}>{children}</VideoSettingsContext.Provider>
}

export const useVideoSettings = (): VideoSettings => useContext(VideoSettingsContext)
