export * from './timing'
export { REMOTE_CONFIG } from './remote-config'
export { BREAKPOINTS, SCREEN_BANDS, bandOf, type ScreenBand } from './breakpoints'
