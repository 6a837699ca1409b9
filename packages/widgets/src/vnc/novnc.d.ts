// Types of what the console uses of noVNC (`@novnc/novnc` ships none): the RFB client of core/rfb.js, 1.7.
declare module '@novnc/novnc' {
  export interface RfbOptions {
    shared?: boolean
    credentials?: { username?: string; password?: string; target?: string }
    repeaterID?: string
    wsProtocols?: string[]
  }
  /** A WebSocket (or RTCDataChannel) already opened, or a `ws(s)://` address noVNC opens itself. */
  export type RfbChannel = string | WebSocket

  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: RfbChannel, options?: RfbOptions)
    viewOnly: boolean
    focusOnClick: boolean
    clipViewport: boolean
    dragViewport: boolean
    scaleViewport: boolean
    resizeSession: boolean
    showDotCursor: boolean
    background: string
    qualityLevel: number
    compressionLevel: number
    readonly capabilities: { power: boolean }
    disconnect(): void
    sendCtrlAltDel(): void
    sendKey(keysym: number, code: string | null, down?: boolean): void
    focus(options?: FocusOptions): void
    blur(): void
    clipboardPasteFrom(text: string): void
  }
}
