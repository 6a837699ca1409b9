import type { LiveSocket, LiveSocketFactory } from '../platform/live-socket'
import type { Logger } from '../platform/logger'
import type { Scheduler } from '../platform/scheduler'
import { LIVE_CLOSE, parseServerMessage, type ClientMessage, type ControlMessage, type ControlResultMessage, type RefusedCode } from './protocol'

export type { LiveSocket, LiveSocketFactory } from '../platform/live-socket'

/**
 * The channel's connection: `idle` (not started, or signed out), `connecting` (first attempt, until the server
 * accepted the token), `open` (authenticated), `reconnecting` (lost; the next attempt is at `retryAt`), `revoked`
 * (the server closed with 4403: the account was revoked or disabled; no more attempts until the next sign-in),
 * `closed` (stopped).
 */
export type LiveConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'revoked' | 'closed'

export interface LiveConnectionState {
  status: LiveConnectionStatus
  /** Failed attempts since the channel was last open. */
  attempt: number
  /** The close code of the last lost connection. */
  closeCode?: number
  /** When the next attempt starts (ms since the epoch), while `reconnecting`. */
  retryAt?: number
}

/** A topic's last-known state: `pending` until the server answers (and again after a lost connection). */
export interface LiveTopicState {
  status: 'pending' | 'subscribed' | 'refused'
  code?: RefusedCode
  /** The data of the last event; kept across reconnects. */
  data?: unknown
}

/** What a topic's listener hears: its state changed, or an event came (`snapshot`: the first after subscribing). */
export type LiveTopicUpdate = { kind: 'state'; state: LiveTopicState } | { kind: 'event'; data: unknown; snapshot: boolean }

export interface LiveChannelOptions {
  /** The channel's address, e.g. `wss://api.example.com/api/v1/live`. Never carries the token. */
  url: string
  /** The console's current token (the token refresher's `current`); `undefined` while signed out. */
  getToken(): Promise<string | undefined>
  /** Calls back whenever the console's token changes (refreshed, signed in, signed out: `undefined`). */
  watchToken(listener: (token: string | undefined) => void): () => void
  /** Called when the server refused the token (4401) before the next attempt: refresh it. */
  refreshToken?(): Promise<unknown>
  /**
   * Called when the server closed with 4403 (revoked or disabled account), as the HTTP client's `onUnauthorized`
   * is for a 401: `retried` is `false` the first time (refresh the token; resolve `true` to connect again with it)
   * and `true` when the server refused again after that refresh without the channel opening in between (the
   * session is over: end it). Without it, or when it resolves anything but `true`, the channel stays `revoked`.
   */
  onRevoked?(retried: boolean): Promise<boolean> | boolean | void
  /** Called when the connection was lost otherwise (the channel reconnects with backoff): e.g. check the server. */
  onDrop?(code: number): void
  createSocket?: LiveSocketFactory
  scheduler: Scheduler
  logger: Logger
  /** Backoff: first delay and ceiling. Default 1 s and 30 s, with ±25 % jitter. */
  backoff?: { baseMs?: number; maxMs?: number }
  random?: () => number
  now?: () => number
}

/** The one live channel of a console: connection, authentication, topics. Framework-free. */
export interface LiveChannel {
  getSnapshot(): LiveConnectionState
  /** Listens to the connection state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /**
   * Subscribes to a topic (ref-counted: the server hears `subscribe` for the first listener and `unsubscribe` after
   * the last); after a reconnect the channel subscribes again by itself.
   */
  subscribeTopic(topic: string, listener: (update: LiveTopicUpdate) => void): () => void
  getTopic(topic: string): LiveTopicState | undefined
  /**
   * Sends a `control` frame (ask for, give up or take over a device's control) and resolves with the server's
   * `control-result`. Rejects when the channel is not open, closes first, or no answer comes within 10 s.
   */
  control(request: Omit<ControlMessage, 'type'>): Promise<ControlResultMessage>
  /** While reconnecting: tries now instead of at the next step of the backoff (the server answers again). */
  retryNow(): void
  /** Connects (when signed in) and keeps connecting. Safe to call twice. */
  start(): void
  /** Closes the socket and stops every timer and listener. `start()` may be called again. */
  stop(): void
}

const OPEN = 1
/** How long a `control` frame waits for its answer. */
const CONTROL_ANSWER_MS = 10_000
const DEFAULT_BASE_MS = 1000
const DEFAULT_MAX_MS = 30_000

interface Topic {
  listeners: Set<(update: LiveTopicUpdate) => void>
  state: LiveTopicState
  snapshotNext: boolean
}

/**
 * Creates the live channel of one console.
 *
 * @example
 * const channel = createLiveChannel({ url, getToken: tokens.current, watchToken, scheduler, logger })
 * channel.start()
 * const off = channel.subscribeTopic(vehiclesTopic(tenantId), (update) => …)
 */
export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const { scheduler, logger } = options
  const createSocket: LiveSocketFactory =
    options.createSocket ?? ((url) => new (globalThis as unknown as { WebSocket: new (url: string) => LiveSocket }).WebSocket(url))
  const random = options.random ?? Math.random
  const now = options.now ?? Date.now
  const baseMs = options.backoff?.baseMs ?? DEFAULT_BASE_MS
  const maxMs = options.backoff?.maxMs ?? DEFAULT_MAX_MS

  let state: LiveConnectionState = { status: 'idle', attempt: 0 }
  const listeners = new Set<() => void>()
  const topics = new Map<string, Topic>()
  let started = false
  let socket: LiveSocket | undefined
  let authenticated = false
  let sentToken: string | undefined
  // The newest token the console announced: a socket that opens after a refresh sends it rather than the one it was
  // opened with.
  let latestToken: string | undefined
  let retryTimer: unknown
  let unwatch: (() => void) | undefined
  // Each connection attempt has its generation: a token or a socket event of an older one is dropped.
  let generation = 0
  // The server closed with 4403 and the channel has not been open since: a second 4403 (after the refresh the first
  // one asked for) means the session is over, as a second 401 does for an API call.
  let revokedSinceOpen = false
  /** `control` frames waiting for their answer, oldest first (the server answers them in order). */
  let controls: { request: Omit<ControlMessage, 'type'>; resolve(result: ControlResultMessage): void; reject(error: Error): void; timer: unknown }[] =
    []
  const failControls = (reason: string) => {
    const waiting = controls
    controls = []
    for (const c of waiting) {
      scheduler.clearTimeout(c.timer)
      c.reject(new Error(reason))
    }
  }

  const setState = (next: LiveConnectionState) => {
    state = next
    for (const listener of [...listeners]) listener()
  }

  const send = (message: ClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message))
  }

  const setTopicState = (topic: Topic, next: LiveTopicState) => {
    topic.state = next
    for (const listener of [...topic.listeners]) listener({ kind: 'state', state: next })
  }

  const clearRetry = () => {
    if (retryTimer !== undefined) scheduler.clearTimeout(retryTimer)
    retryTimer = undefined
  }

  const dropSocket = (code: number) => {
    const current = socket
    socket = undefined
    authenticated = false
    sentToken = undefined
    generation += 1
    if (current) {
      current.onopen = current.onmessage = current.onclose = current.onerror = null
      try {
        current.close(code)
      } catch {
        // already closing
      }
    }
    for (const topic of topics.values()) {
      if (topic.state.status !== 'pending') setTopicState(topic, { ...topic.state, status: 'pending', code: undefined })
    }
    failControls('The live channel closed before the server answered.')
  }

  const scheduleRetry = (closeCode: number | undefined) => {
    clearRetry()
    const delay = Math.round(Math.min(maxMs, baseMs * 2 ** state.attempt) * (0.75 + random() / 2))
    setState({ status: 'reconnecting', attempt: state.attempt + 1, closeCode, retryAt: now() + delay })
    retryTimer = scheduler.setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, delay)
  }

  const onMessage = (text: string) => {
    const parsed = parseServerMessage(text)
    if (!parsed.ok) {
      logger.warn('[@honu/core] live channel: dropped a frame the schema rejects:', parsed.error)
      return
    }
    const message = parsed.value
    switch (message.type) {
      case 'ready': {
        const first = !authenticated
        authenticated = true
        revokedSinceOpen = false
        if (state.status !== 'open') setState({ status: 'open', attempt: 0 })
        // Re-authentication answers `ready` again; only a new socket needs its subscriptions.
        if (first) for (const topic of topics.keys()) send({ type: 'subscribe', topic })
        return
      }
      case 'subscribed': {
        const topic = topics.get(message.topic)
        if (!topic) return
        topic.snapshotNext = true
        setTopicState(topic, { status: 'subscribed', data: topic.state.data })
        return
      }
      case 'refused': {
        const topic = topics.get(message.topic)
        if (topic) setTopicState(topic, { status: 'refused', code: message.code })
        return
      }
      case 'event': {
        const topic = topics.get(message.topic)
        if (!topic) return
        const snapshot = topic.snapshotNext
        topic.snapshotNext = false
        topic.state = { ...topic.state, data: message.data }
        for (const listener of [...topic.listeners]) listener({ kind: 'event', data: message.data, snapshot })
        return
      }
      case 'error':
        logger.warn('[@honu/core] live channel: the server rejected a frame:', message.message)
        return
      case 'control-result': {
        const index = controls.findIndex(
          (c) => c.request.tenantId === message.tenantId && c.request.deviceId === message.deviceId && c.request.action === message.action,
        )
        if (index < 0) return
        const [answered] = controls.splice(index, 1)
        scheduler.clearTimeout(answered!.timer)
        answered!.resolve(message)
        return
      }
    }
  }

  async function connect() {
    if (!started || socket) return
    clearRetry()
    const mine = ++generation
    if (state.status !== 'reconnecting') setState({ status: 'connecting', attempt: state.attempt })
    let token: string | undefined
    try {
      token = await options.getToken()
    } catch (error) {
      logger.warn('[@honu/core] live channel: no token.', error)
    }
    if (mine !== generation || !started || socket) return
    // Signed out: wait for the next token (watchToken).
    if (!token) return setState({ status: 'idle', attempt: 0 })
    let next: LiveSocket
    try {
      next = createSocket(options.url)
    } catch (error) {
      logger.warn('[@honu/core] live channel: could not open the socket.', error)
      return scheduleRetry(undefined)
    }
    socket = next
    latestToken = token
    next.onopen = () => {
      sentToken = latestToken ?? token
      send({ type: 'auth', token: sentToken })
    }
    next.onmessage = (event) => {
      if (typeof event.data === 'string') onMessage(event.data)
    }
    next.onerror = () => undefined
    next.onclose = (event) => {
      if (socket !== next) return
      dropSocket(event.code)
      if (!started) return
      if (event.code === LIVE_CLOSE.revoked) {
        clearRetry()
        setState({ status: 'revoked', attempt: 0, closeCode: event.code })
        const retried = revokedSinceOpen
        revokedSinceOpen = true
        const mine = generation
        void Promise.resolve(options.onRevoked?.(retried))
          .catch(() => false)
          .then((again) => {
            // Connect once more with the refreshed token, unless the channel moved on meanwhile (signed out, stopped).
            if (again === true && started && mine === generation && state.status === 'revoked' && !socket) void connect()
          })
        return
      }
      if (event.code === LIVE_CLOSE.notAuthenticated) void options.refreshToken?.()?.catch(() => undefined)
      else options.onDrop?.(event.code)
      scheduleRetry(event.code)
    }
  }

  const onToken = (token: string | undefined) => {
    if (!started) return
    latestToken = token
    if (!token) {
      // Signed out: no channel, and what it held is not the next user's.
      clearRetry()
      dropSocket(LIVE_CLOSE.normal)
      revokedSinceOpen = false
      for (const topic of topics.values()) setTopicState(topic, { status: 'pending' })
      setState({ status: 'idle', attempt: 0 })
      return
    }
    if (state.status === 'revoked') return
    if (socket) {
      // Re-authentication with the refreshed token, on the same socket.
      if (socket.readyState === OPEN && sentToken !== undefined && token !== sentToken) {
        sentToken = token
        send({ type: 'auth', token })
      }
      return
    }
    if (state.status === 'idle') void connect()
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getTopic: (topic) => topics.get(topic)?.state,
    subscribeTopic(name, listener) {
      let topic = topics.get(name)
      if (!topic) {
        topic = { listeners: new Set(), state: { status: 'pending' }, snapshotNext: false }
        topics.set(name, topic)
        if (authenticated) send({ type: 'subscribe', topic: name })
      }
      topic.listeners.add(listener)
      const held = topic
      return () => {
        if (!held.listeners.delete(listener) || held.listeners.size > 0 || topics.get(name) !== held) return
        topics.delete(name)
        if (authenticated) send({ type: 'unsubscribe', topic: name })
      }
    },
    control(request) {
      if (!authenticated || socket?.readyState !== OPEN) return Promise.reject(new Error('The live channel is not connected.'))
      return new Promise<ControlResultMessage>((resolve, reject) => {
        const entry = {
          request,
          resolve,
          reject,
          timer: scheduler.setTimeout(() => {
            controls = controls.filter((c) => c !== entry)
            reject(new Error('The server did not answer in time.'))
          }, CONTROL_ANSWER_MS),
        }
        controls.push(entry)
        send({ type: 'control', ...request })
      })
    },
    retryNow() {
      // Only while reconnecting (never while revoked, signed out or stopped); connect() itself skips a started attempt.
      if (state.status !== 'reconnecting') return
      clearRetry()
      void connect()
    },
    start() {
      if (started) return
      started = true
      unwatch = options.watchToken(onToken)
      setState({ status: 'idle', attempt: 0 })
      void connect()
    },
    stop() {
      if (!started) return
      started = false
      unwatch?.()
      unwatch = undefined
      clearRetry()
      dropSocket(LIVE_CLOSE.normal)
      setState({ status: 'closed', attempt: 0 })
    },
  }
}
