import { useSyncExternalStore } from 'react'
import { bandOf, type ScreenBand } from '@honu/core'

// The window's width, as CSS media queries read it (`window.innerWidth` includes the scrollbar, as they do).
const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}
const snapshot = (): ScreenBand => bandOf(window.innerWidth)
// Without a window (server rendering) the widest band: what a desktop shows first.
const serverSnapshot = (): ScreenBand => 'xl'

/**
 * The screen band (spec §9 breakpoints) of the window's width: the band the CSS media queries are in, for the
 * few choices CSS cannot make alone (the stream list as an overlay under 1024 px moves focus and listens for
 * Escape). Re-renders only when the band changes, not on every resize.
 *
 * @example const overlay = ['xs', 'sm'].includes(useScreenBand())
 */
export function useScreenBand(): ScreenBand {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot)
}
