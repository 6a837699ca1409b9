// noVNC ships no types: ours, referenced so every program compiling this source (the bench, the host app) has them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./novnc.d.ts" />
import type { ConsoleClient, ConsoleExtension, ConsoleExtensionContext, Logger, Scheduler } from '@honu/core'
import { REMOTE_DESKTOP_CLOSE, remoteDesktopPath } from '@honu/core/live'

/**
 * Why a desktop connection is not open (the bridge's close codes, `@honu/core/live`'s `REMOTE_DESKTOP_CLOSE`, as
 * the widget words them):
 * - `refused`: the bridge refused this page (1008, its origin) or what noVNC sent (1002): trying again would not help;
 * - `not-found`: no remote-access device of the user's tenants has this id (another tenant's gets the same answer);
 * - `unreachable`: the device has no desktop, or its desktop does not answer;
 * - `desktop-closed`: the desktop ended the connection;
 * - `idle`, `session-limit`: the server's idle time or absolute limit was reached;
 * - `revoked`: the user lost their access; `not-authenticated`: the token was refused twice;
 * - `going-away`: the server restarts; `lost`: the connection dropped without a word (network, server gone);
 * - `signed-out`: there is no token.
 */
export type DesktopEndReason =
  | 'refused'
  | 'not-found'
  | 'unreachable'
  | 'desktop-closed'
  | 'idle'
  | 'session-limit'
  | 'revoked'
  | 'not-authenticated'
  | 'going-away'
  | 'lost'
  | 'signed-out'

/**
 * Where a desktop connection stands: `idle` (not connected: before `connect()`, or after `disconnect()`),
 * `connecting` (attempt `attempt`), `connected`, `retrying` (lost for `reason`; the next attempt is at `retryAt`, ms
 * since the epoch), `ended` (lost for a reason another attempt would not change; `connect()` tries again).
 */
export type DesktopState =
  | { status: 'idle' }
  | { status: 'connecting'; attempt: number }
  | { status: 'connected'; name?: string }
  | { status: 'retrying'; reason: DesktopEndReason; attempt: number; retryAt: number }
  | { status: 'ended'; reason: DesktopEndReason }

/** How the desktop is drawn: scaled to fit the widget, or at its own size (1:1) with scroll bars. */
export type DesktopScale = 'fit' | 'remote'

/** What a desktop connection uses of noVNC's `RFB` (its own types are ours, in `novnc.d.ts`: noVNC ships none). */
export interface RfbClient extends EventTarget {
  viewOnly: boolean
  scaleViewport: boolean
  clipViewport: boolean
  resizeSession: boolean
  focusOnClick: boolean
  background: string
  qualityLevel: number
  compressionLevel: number
  disconnect(): void
  sendCtrlAltDel(): void
  focus(): void
  clipboardPasteFrom(text: string): void
}

/** noVNC's `RFB` class: an RFB client drawing into `target` over an open WebSocket. */
export type RfbConstructor = new (target: HTMLElement, channel: WebSocket, options?: { shared?: boolean }) => RfbClient

/** The parts of a desktop connection that are not its state machine: the socket, noVNC, timers, the token. */
export interface DesktopConnectorOptions {
  /** The API's base address (`http(s)://host`); the bridge is at `ws(s)://host/api/v1/devices/{id}/desktop`. */
  apiBaseUrl: string
  /** The console's current token (`undefined` while signed out). Never logged, never in the address. */
  getToken(): Promise<string | undefined>
  /** Forces a fresh token after the bridge refused one (4401); `false` when there is none. */
  refreshToken(): Promise<boolean>
  /**
   * Calls back whenever the console's token changes (refreshed, or `undefined`: signed out). An open desktop sends
   * each fresh token on its socket, as the live channel does, so the bridge's checks keep passing past the first
   * token's hour; signed out, it ends.
   */
  watchToken?(listener: (token: string | undefined) => void): () => void
  /** noVNC's RFB class, loaded on the first connection (its 100 KB stay off every page without a desktop). */
  loadRfb?(): Promise<RfbConstructor>
  /** The socket factory (tests); `new WebSocket(url)` by default. */
  createSocket?(url: string): WebSocket
  /** Whether the link is slow (reduced quality); by default the browser's Network Information API says so. */
  slowLink?(): boolean
  scheduler: Scheduler
  logger: Logger
  /** Milliseconds since the epoch (tests); `Date.now` by default. */
  now?(): number
}

/** One viewer's connection to one device's desktop, framework-free; the Vnc widget mounts it. */
export interface DesktopConnection {
  getSnapshot(): DesktopState
  subscribe(listener: () => void): () => void
  /** The last text the desktop's clipboard held since connecting (`undefined` before any). */
  getClipboard(): string | undefined
  /** Whether this connection runs at reduced quality because the link is slow. */
  readonly reducedQuality: boolean
  /** Connects, drawing into `target` (a fresh element the connection owns while it lasts). */
  connect(target: HTMLElement): void
  /** Disconnects and stops trying; the state becomes `idle`. */
  disconnect(): void
  /** While retrying, tries now instead of at `retryAt`. */
  retryNow(): void
  /** Input is sent only when this is `false` (the viewer holds control; the bridge drops anyone else's anyway). */
  setViewOnly(viewOnly: boolean): void
  setScale(scale: DesktopScale): void
  sendCtrlAltDel(): void
  /** Puts text on the desktop's clipboard (the desktop then pastes it where its user does). */
  paste(text: string): void
  focus(): void
  /** Disconnects for good (the widget unmounted). */
  destroy(): void
}

/** Opens desktop connections for one console; see {@link getDesktopConnector}. */
export interface DesktopConnector extends ConsoleExtension {
  open(deviceId: string): DesktopConnection
}

/** The first retry comes after 1 s, each next one after twice as long, at most 30 s apart. */
export const DESKTOP_RETRY_MS = { first: 1000, max: 30_000 } as const

/** noVNC's JPEG quality (0–9) and zlib level (0–9): the defaults, and what a slow link gets. */
export const DESKTOP_QUALITY = { normal: { quality: 6, compression: 2 }, slow: { quality: 2, compression: 9 } } as const

const CLOSE = REMOTE_DESKTOP_CLOSE
/** What each close code means; a code not here (1006 without a word, say) is `lost`. */
const REASONS: Readonly<Record<number, DesktopEndReason>> = {
  [CLOSE.originNotAllowed]: 'refused',
  1002: 'refused',
  [CLOSE.notFound]: 'not-found',
  [CLOSE.unreachable]: 'unreachable',
  [CLOSE.desktopClosed]: 'desktop-closed',
  [CLOSE.idle]: 'idle',
  [CLOSE.sessionLimit]: 'session-limit',
  [CLOSE.revoked]: 'revoked',
  [CLOSE.notAuthenticated]: 'not-authenticated',
  [CLOSE.goingAway]: 'going-away',
}
/** Lost for a while, worth another attempt: the desktop or the server may come back. The rest need the user. */
const RETRIED = new Set<DesktopEndReason>(['unreachable', 'desktop-closed', 'going-away', 'lost'])

/** The bridge's address for a device: `https://api.example.com` → `wss://api.example.com/api/v1/devices/…/desktop`. */
export function desktopUrl(apiBaseUrl: string, deviceId: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '').replace(/^http/i, 'ws')}${remoteDesktopPath(deviceId)}`
}

/** The delay before retry number `attempt` (1, 2, …): 1 s, 2 s, 4 s, … at most 30 s. */
export function desktopRetryDelay(attempt: number): number {
  return Math.min(DESKTOP_RETRY_MS.max, DESKTOP_RETRY_MS.first * 2 ** Math.max(0, attempt - 1))
}

/** Whether the browser says the link is slow (Network Information API: 2G or 3G, or the user asks to save data). */
export function browserSaysSlow(): boolean {
  const connection = (globalThis.navigator as { connection?: { effectiveType?: string; saveData?: boolean } } | undefined)?.connection
  return !!connection && (connection.saveData === true || /(^|-)(2g|3g)$/.test(connection.effectiveType ?? ''))
}

/**
 * Creates the connector of desktop connections: each {@link DesktopConnection} opens the bridge's WebSocket, sends
 * the console's token in its first frame, and once the bridge says `ready` hands the socket to noVNC, which speaks
 * RFB over it into the target element. A connection lost for a reason that may pass (the desktop or the server
 * gone) is tried again after 1 s, 2 s, 4 s … at most 30 s apart; one the user must act on (no such device, idle,
 * the session's limit, access revoked) ends and says why.
 */
export function createDesktopConnector(options: DesktopConnectorOptions): DesktopConnector {
  const loadRfb = options.loadRfb ?? (() => import('@novnc/novnc').then((m): RfbConstructor => m.default))
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url))
  const slowLink = options.slowLink ?? browserSaysSlow
  const now = options.now ?? Date.now
  const open = new Set<DesktopConnection>()

  function openConnection(deviceId: string): DesktopConnection {
    const listeners = new Set<() => void>()
    let state: DesktopState = { status: 'idle' }
    let clipboard: string | undefined
    let target: HTMLElement | undefined
    let socket: WebSocket | undefined
    let rfb: RfbClient | undefined
    let timer: unknown
    let viewOnly = true
    let scale: DesktopScale = 'fit'
    let reducedQuality = false
    // Each attempt has its generation: events of an older socket are dropped.
    let generation = 0
    let attempt = 0
    // A 4401 refreshes the token once and tries at once; a second in a row ends the connection.
    let refreshed = false
    // The desktop's name: noVNC tells it before it says `connect`.
    let desktopName: string | undefined
    let unwatchToken: (() => void) | undefined

    const set = (next: DesktopState) => {
      state = next
      for (const listener of [...listeners]) listener()
    }
    const clearTimer = () => {
      if (timer !== undefined) options.scheduler.clearTimeout(timer)
      timer = undefined
    }
    const apply = () => {
      if (!rfb) return
      rfb.viewOnly = viewOnly
      rfb.scaleViewport = scale === 'fit'
      rfb.clipViewport = false
    }
    // Closes the current socket and noVNC without a word to the state (the caller says what comes next).
    const drop = () => {
      generation++
      clearTimer()
      unwatchToken?.()
      unwatchToken = undefined
      const [oldRfb, oldSocket] = [rfb, socket]
      rfb = undefined
      socket = undefined
      if (oldRfb) {
        try {
          oldRfb.disconnect()
        } catch (error) {
          options.logger.warn('[@honu/widgets] desktop: noVNC did not disconnect cleanly.', error)
        }
      } else if (oldSocket && oldSocket.readyState < 2) oldSocket.close(CLOSE.normal)
    }

    const lost = (reason: DesktopEndReason) => {
      drop()
      if (reason === 'not-authenticated' && !refreshed) {
        refreshed = true
        // Tied to this moment: a disconnect or a new attempt meanwhile makes its answer moot.
        const mine = generation
        options.refreshToken().then(
          (fresh) => {
            if (mine !== generation) return
            if (fresh) void attemptNow()
            else set({ status: 'ended', reason: 'signed-out' })
          },
          (error: unknown) => {
            if (mine !== generation) return
            options.logger.warn('[@honu/widgets] desktop: the token could not be refreshed.', error)
            lost('lost')
          },
        )
        set({ status: 'connecting', attempt })
        return
      }
      if (!RETRIED.has(reason)) return set({ status: 'ended', reason })
      attempt++
      const delay = desktopRetryDelay(attempt)
      timer = options.scheduler.setTimeout(() => {
        timer = undefined
        attemptNow()
      }, delay)
      set({ status: 'retrying', reason, attempt, retryAt: now() + delay })
    }

    async function attemptNow() {
      if (!target) return
      drop()
      const mine = generation
      const current = () => mine === generation
      set({ status: 'connecting', attempt })
      let token: string | undefined
      let Rfb: RfbConstructor
      try {
        token = await options.getToken()
      } catch (error) {
        if (!current()) return
        options.logger.warn('[@honu/widgets] desktop: no token.', error)
        return lost('lost')
      }
      try {
        // noVNC loads before the socket opens: the bridge's first RFB bytes follow `ready` at once.
        Rfb = await loadRfb()
      } catch (error) {
        if (!current()) return
        options.logger.warn('[@honu/widgets] desktop: could not load the VNC client.', error)
        return lost('lost')
      }
      if (!current()) return
      if (!token) return set({ status: 'ended', reason: 'signed-out' })
      let ws: WebSocket
      try {
        ws = createSocket(desktopUrl(options.apiBaseUrl, deviceId))
      } catch (error) {
        options.logger.warn('[@honu/widgets] desktop: could not open the socket.', error)
        return lost('lost')
      }
      socket = ws
      ws.binaryType = 'arraybuffer'
      const onOpen = () => {
        if (!current()) return
        ws.send(JSON.stringify({ type: 'auth', token }))
        // Each fresh token goes to the bridge on this socket; signed out, the desktop ends.
        unwatchToken = options.watchToken?.((fresh) => {
          if (!current()) return
          if (!fresh) {
            drop()
            return set({ status: 'ended', reason: 'signed-out' })
          }
          if (fresh !== token && ws.readyState === 1) {
            token = fresh
            ws.send(JSON.stringify({ type: 'auth', token }))
          }
        })
      }
      const onMessage = (event: MessageEvent) => {
        if (!current() || typeof event.data !== 'string') return
        let message: unknown
        try {
          message = JSON.parse(event.data)
        } catch {
          return
        }
        if ((message as { type?: unknown })?.type !== 'ready') return
        ws.removeEventListener('message', onMessage)
        // From here the socket carries RFB; noVNC takes it over, in this same task, before its first bytes.
        let created: RfbClient
        try {
          created = new Rfb(target!, ws, { shared: true })
          rfb = created
          reducedQuality = slowLink()
          const quality = reducedQuality ? DESKTOP_QUALITY.slow : DESKTOP_QUALITY.normal
          created.qualityLevel = quality.quality
          created.compressionLevel = quality.compression
          created.resizeSession = false
          created.focusOnClick = true
          created.background = 'transparent'
          apply()
        } catch (error) {
          options.logger.warn('[@honu/widgets] desktop: noVNC could not start.', error)
          return lost('lost')
        }
        created.addEventListener('connect', () => {
          if (!current()) return
          attempt = 0
          refreshed = false
          set(desktopName === undefined ? { status: 'connected' } : { status: 'connected', name: desktopName })
        })
        // noVNC names the desktop before it says `connect` (and again if the desktop renames itself).
        created.addEventListener('desktopname', (event) => {
          const name = (event as CustomEvent<{ name?: string }>).detail?.name
          if (!current() || typeof name !== 'string') return
          desktopName = name
          if (state.status === 'connected') set({ status: 'connected', name })
        })
        created.addEventListener('clipboard', (event) => {
          const text = (event as CustomEvent<{ text?: string }>).detail?.text
          if (!current() || typeof text !== 'string') return
          clipboard = text
          set({ ...state })
        })
        // noVNC failed the protocol by itself (the socket's close says why when the bridge closed it).
        created.addEventListener('disconnect', () => {
          if (current()) scheduleLost(ws, 'lost')
        })
      }
      const onClose = (event: CloseEvent) => {
        if (!current()) return
        lost(REASONS[event.code] ?? 'lost')
      }
      ws.addEventListener('open', onOpen)
      ws.addEventListener('message', onMessage)
      ws.addEventListener('close', onClose)
    }

    // What the last connection left: the text the desktop copied (a password, perhaps) and its name.
    const forget = () => {
      clipboard = undefined
      desktopName = undefined
    }

    // noVNC's `disconnect` may come before the socket's `close` with its code: wait a moment for the code.
    const scheduleLost = (ws: WebSocket, reason: DesktopEndReason) => {
      const mine = generation
      options.scheduler.setTimeout(() => {
        if (mine === generation && socket === ws) lost(reason)
      }, 0)
    }

    const connection: DesktopConnection = {
      getSnapshot: () => state,
      subscribe(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      getClipboard: () => clipboard,
      get reducedQuality() {
        return reducedQuality
      },
      connect(element) {
        target = element
        attempt = 0
        refreshed = false
        forget()
        open.add(connection)
        void attemptNow()
      },
      disconnect() {
        drop()
        forget()
        set({ status: 'idle' })
      },
      retryNow() {
        if (state.status === 'retrying') void attemptNow()
      },
      setViewOnly(next) {
        viewOnly = next
        apply()
      },
      setScale(next) {
        scale = next
        apply()
      },
      sendCtrlAltDel() {
        if (!viewOnly) rfb?.sendCtrlAltDel()
      },
      paste(text) {
        if (!viewOnly) rfb?.clipboardPasteFrom(text)
      },
      focus() {
        rfb?.focus()
      },
      destroy() {
        drop()
        forget()
        open.delete(connection)
        target = undefined
        state = { status: 'idle' }
      },
    }
    return connection
  }

  return {
    open: openConnection,
    start() {},
    // The console stopped (signed out, unmounted): no desktop stays open.
    stop() {
      for (const connection of [...open]) connection.disconnect()
    },
  }
}

/** The key of the desktop connector among a console's extensions. */
export const DESKTOP_CONNECTOR_KEY = '@honu/widgets/vnc'

/**
 * The desktop connector of a console (one per console instance): its connections use the console's token and
 * timers, and are closed when the console stops.
 *
 * @example
 * const desktop = getDesktopConnector(client).open('alpha-ra-1')
 * desktop.connect(element)
 */
export function getDesktopConnector(
  client: Pick<ConsoleClient, 'use'>,
  overrides: Partial<Pick<DesktopConnectorOptions, 'loadRfb' | 'createSocket' | 'slowLink'>> = {},
): DesktopConnector {
  return client.use(DESKTOP_CONNECTOR_KEY, ({ apiBaseUrl, session, tokens, scheduler, logger }: ConsoleExtensionContext) =>
    createDesktopConnector({
      apiBaseUrl,
      getToken: tokens.current,
      refreshToken: tokens.refresh,
      watchToken: (listener) => session.subscribe((now, before) => void (now.token !== before.token && listener(now.token))),
      scheduler,
      logger,
      ...overrides,
    }),
  )
}
