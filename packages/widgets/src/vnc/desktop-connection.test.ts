import { describe, expect, it, vi } from 'vitest'
import type { Logger } from '@honu/core'
import { REMOTE_DESKTOP_CLOSE } from '@honu/core/live'
import { createManualScheduler } from '@honu/core/testing'
import {
  createDesktopConnector,
  desktopRetryDelay,
  desktopUrl,
  DESKTOP_QUALITY,
  type DesktopConnectorOptions,
  type RfbConstructor,
} from './desktop-connection'

// The connection's state machine at its boundary: a fake socket (what the bridge sends and how it closes) and a
// fake noVNC class (what the connection hands it). The real bridge, Xtigervnc and noVNC are in e2e/remote-desktop.

class FakeSocket extends EventTarget {
  readyState = 0
  binaryType = 'blob'
  sent: string[] = []
  closedWith: number | undefined
  constructor(readonly url: string) {
    super()
  }
  send(data: string) {
    this.sent.push(data)
  }
  close(code?: number) {
    this.closedWith = code ?? 1005
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.dispatchEvent(new Event('open'))
  }
  message(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }))
  }
  /** The server closes it with `code`. */
  closeFromServer(code: number) {
    this.readyState = 3
    this.dispatchEvent(new CloseEvent('close', { code }))
  }
}

class FakeRfb extends EventTarget {
  static created: FakeRfb[] = []
  viewOnly = false
  scaleViewport = false
  clipViewport = true
  resizeSession = true
  focusOnClick = false
  background = ''
  qualityLevel = 6
  compressionLevel = 2
  disconnected = false
  ctrlAltDel = 0
  pasted: string[] = []
  focused = 0
  constructor(
    readonly target: HTMLElement,
    readonly channel: unknown,
    readonly options: unknown,
  ) {
    super()
    FakeRfb.created.push(this)
  }
  disconnect() {
    this.disconnected = true
  }
  sendCtrlAltDel() {
    this.ctrlAltDel++
  }
  clipboardPasteFrom(text: string) {
    this.pasted.push(text)
  }
  focus() {
    this.focused++
  }
  emit(type: string, detail?: unknown) {
    this.dispatchEvent(new CustomEvent(type, { detail }))
  }
}

const silent: Logger = { warn() {}, error() {} }
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup(overrides: Partial<DesktopConnectorOptions> = {}) {
  const scheduler = createManualScheduler()
  const sockets: FakeSocket[] = []
  FakeRfb.created = []
  const refreshToken = vi.fn(async () => true)
  const connector = createDesktopConnector({
    apiBaseUrl: 'https://api.example.com/',
    getToken: async () => 'token-1',
    refreshToken,
    loadRfb: async () => FakeRfb as unknown as RfbConstructor,
    createSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket as unknown as WebSocket
    },
    slowLink: () => false,
    scheduler,
    logger: silent,
    now: () => 1_000_000 + scheduler.now,
    ...overrides,
  })
  const connection = connector.open('alpha-ra-1')
  const target = document.createElement('div')
  const last = () => sockets[sockets.length - 1]!
  /** Connects and lets the bridge answer `ready`; noVNC then says `connect`. */
  async function connected() {
    connection.connect(target)
    await flush()
    last().open()
    last().message({ type: 'ready' })
    FakeRfb.created.at(-1)!.emit('connect')
  }
  return { scheduler, sockets, connector, connection, target, last, connected, refreshToken }
}

describe('desktopUrl and desktopRetryDelay', () => {
  it('puts the device in the bridge’s path on the API’s host, over ws or wss, with no token', () => {
    expect(desktopUrl('https://api.example.com/', 'alpha ra/1')).toBe('wss://api.example.com/api/v1/devices/alpha%20ra%2F1/desktop')
    expect(desktopUrl('http://127.0.0.1:8080', 'x')).toBe('ws://127.0.0.1:8080/api/v1/devices/x/desktop')
  })

  it('waits 1 s, then twice as long each time, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(desktopRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000])
  })
})

describe('a desktop connection', () => {
  it('sends the token in its first frame, hands the socket to noVNC on ready, and is connected when noVNC says so', async () => {
    const { connection, last, target } = setup()
    const states: string[] = []
    connection.subscribe(() => states.push(connection.getSnapshot().status))
    connection.connect(target)
    expect(connection.getSnapshot()).toEqual({ status: 'connecting', attempt: 0 })
    await flush()
    const socket = last()
    expect(socket.url).toBe('wss://api.example.com/api/v1/devices/alpha-ra-1/desktop')
    expect(socket.binaryType).toBe('arraybuffer')
    expect(FakeRfb.created).toHaveLength(0)
    socket.open()
    expect(socket.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'auth', token: 'token-1' }])
    // A text frame that is not `ready` changes nothing.
    socket.message('not json')
    socket.message({ type: 'other' })
    expect(FakeRfb.created).toHaveLength(0)
    socket.message({ type: 'ready' })
    const rfb = FakeRfb.created[0]!
    expect(rfb.target).toBe(target)
    expect(rfb.channel).toBe(socket)
    expect(rfb.options).toEqual({ shared: true })
    expect(rfb).toMatchObject({
      viewOnly: true,
      scaleViewport: true,
      clipViewport: false,
      resizeSession: false,
      qualityLevel: 6,
      compressionLevel: 2,
    })
    expect(connection.getSnapshot().status).toBe('connecting')
    // noVNC's order: the desktop's name (from ServerInit), then `connect`.
    rfb.emit('desktopname', { name: 'Ballast controller' })
    expect(connection.getSnapshot().status).toBe('connecting')
    rfb.emit('connect')
    expect(connection.getSnapshot()).toEqual({ status: 'connected', name: 'Ballast controller' })
    rfb.emit('desktopname', { name: 'Ballast (renamed)' })
    expect(connection.getSnapshot()).toEqual({ status: 'connected', name: 'Ballast (renamed)' })
    expect(states.at(-1)).toBe('connected')
  })

  it('sends input only while it is not view only: Ctrl+Alt+Del and pasted text', async () => {
    const { connection, connected } = setup()
    await connected()
    const rfb = FakeRfb.created[0]!
    connection.sendCtrlAltDel()
    connection.paste('hello')
    expect(rfb.ctrlAltDel).toBe(0)
    expect(rfb.pasted).toEqual([])
    connection.setViewOnly(false)
    expect(rfb.viewOnly).toBe(false)
    connection.sendCtrlAltDel()
    connection.paste('hello')
    expect(rfb.ctrlAltDel).toBe(1)
    expect(rfb.pasted).toEqual(['hello'])
    connection.setViewOnly(true)
    expect(rfb.viewOnly).toBe(true)
    connection.focus()
    expect(rfb.focused).toBe(1)
  })

  it('scales to fit or shows the desktop 1:1, and keeps the choice for the next noVNC', async () => {
    const { connection, connected, last, scheduler } = setup()
    connection.setScale('remote')
    await connected()
    expect(FakeRfb.created[0]).toMatchObject({ scaleViewport: false, clipViewport: false })
    connection.setScale('fit')
    expect(FakeRfb.created[0]!.scaleViewport).toBe(true)
    connection.setScale('remote')
    last().closeFromServer(REMOTE_DESKTOP_CLOSE.desktopClosed)
    scheduler.advance(1000)
    await flush()
    last().open()
    last().message({ type: 'ready' })
    expect(FakeRfb.created[1]!.scaleViewport).toBe(false)
  })

  it('keeps the text the desktop copied', async () => {
    const { connection, connected } = setup()
    await connected()
    expect(connection.getClipboard()).toBeUndefined()
    let told = 0
    connection.subscribe(() => told++)
    FakeRfb.created[0]!.emit('clipboard', { text: 'copied there' })
    expect(connection.getClipboard()).toBe('copied there')
    expect(told).toBe(1)
  })

  it.each([
    [REMOTE_DESKTOP_CLOSE.unreachable, 'unreachable'],
    [REMOTE_DESKTOP_CLOSE.desktopClosed, 'desktop-closed'],
    [REMOTE_DESKTOP_CLOSE.goingAway, 'going-away'],
    [1006, 'lost'],
  ] as const)('tries again after close code %i (%s): 1 s, 2 s, 4 s …, and from the start once connected again', async (code, reason) => {
    const { connection, connected, last, scheduler, sockets } = setup()
    await connected()
    last().closeFromServer(code)
    expect(connection.getSnapshot()).toEqual({ status: 'retrying', reason, attempt: 1, retryAt: 1_000_000 + 1000 })
    expect(FakeRfb.created[0]!.disconnected).toBe(true)
    scheduler.advance(999)
    expect(sockets).toHaveLength(1)
    scheduler.advance(1)
    await flush()
    expect(sockets).toHaveLength(2)
    expect(connection.getSnapshot()).toEqual({ status: 'connecting', attempt: 1 })
    last().closeFromServer(code)
    expect(connection.getSnapshot()).toMatchObject({ status: 'retrying', attempt: 2, retryAt: 1_000_000 + 1000 + 2000 })
    scheduler.advance(2000)
    await flush()
    last().open()
    last().message({ type: 'ready' })
    FakeRfb.created.at(-1)!.emit('connect')
    expect(connection.getSnapshot().status).toBe('connected')
    last().closeFromServer(code)
    expect(connection.getSnapshot()).toMatchObject({ status: 'retrying', attempt: 1 })
  })

  it.each([
    [REMOTE_DESKTOP_CLOSE.notFound, 'not-found'],
    [REMOTE_DESKTOP_CLOSE.idle, 'idle'],
    [REMOTE_DESKTOP_CLOSE.sessionLimit, 'session-limit'],
    [REMOTE_DESKTOP_CLOSE.revoked, 'revoked'],
  ] as const)('ends at close code %i (%s) without trying again; connect() tries again', async (code, reason) => {
    const { connection, connected, last, scheduler, sockets, target } = setup()
    await connected()
    last().closeFromServer(code)
    expect(connection.getSnapshot()).toEqual({ status: 'ended', reason })
    scheduler.advance(60_000)
    expect(sockets).toHaveLength(1)
    connection.connect(target)
    await flush()
    expect(sockets).toHaveLength(2)
  })

  it('refreshes the token once after 4401 and tries at once; a second 4401 ends it', async () => {
    const { connection, last, sockets, target, refreshToken } = setup()
    connection.connect(target)
    await flush()
    last().open()
    last().closeFromServer(REMOTE_DESKTOP_CLOSE.notAuthenticated)
    expect(connection.getSnapshot().status).toBe('connecting')
    await flush()
    await flush()
    expect(refreshToken).toHaveBeenCalledTimes(1)
    expect(sockets).toHaveLength(2)
    last().open()
    last().closeFromServer(REMOTE_DESKTOP_CLOSE.notAuthenticated)
    expect(connection.getSnapshot()).toEqual({ status: 'ended', reason: 'not-authenticated' })
    expect(refreshToken).toHaveBeenCalledTimes(1)
  })

  it('ends as signed out without a token, and when the refresh finds none', async () => {
    const signedOut = setup({ getToken: async () => undefined })
    signedOut.connection.connect(signedOut.target)
    await flush()
    expect(signedOut.sockets).toHaveLength(0)
    expect(signedOut.connection.getSnapshot()).toEqual({ status: 'ended', reason: 'signed-out' })

    const refused = setup({ refreshToken: async () => false })
    refused.connection.connect(refused.target)
    await flush()
    refused.last().closeFromServer(REMOTE_DESKTOP_CLOSE.notAuthenticated)
    await flush()
    expect(refused.connection.getSnapshot()).toEqual({ status: 'ended', reason: 'signed-out' })
    expect(refused.sockets).toHaveLength(1)
  })

  it('disconnect() stops the retries and is idle', async () => {
    const { connection, connected, last, scheduler, sockets } = setup()
    await connected()
    last().closeFromServer(REMOTE_DESKTOP_CLOSE.unreachable)
    connection.disconnect()
    expect(connection.getSnapshot()).toEqual({ status: 'idle' })
    scheduler.advance(60_000)
    expect(sockets).toHaveLength(1)
  })

  it('a socket disconnected before its ready changes nothing afterwards: its ready makes no noVNC, its close no retry', async () => {
    const { connection, last, scheduler, sockets, target } = setup()
    connection.connect(target)
    await flush()
    const socket = last()
    socket.open()
    connection.disconnect()
    socket.message({ type: 'ready' })
    expect(FakeRfb.created).toHaveLength(0)
    socket.closeFromServer(REMOTE_DESKTOP_CLOSE.unreachable)
    expect(connection.getSnapshot()).toEqual({ status: 'idle' })
    scheduler.advance(60_000)
    expect(sockets).toHaveLength(1)
  })

  it('closes a socket that never got ready with 1000 when disconnected', async () => {
    const { connection, last, target } = setup()
    connection.connect(target)
    await flush()
    last().open()
    connection.disconnect()
    expect(last().closedWith).toBe(1000)
  })

  it('retryNow() tries at once while retrying, and does nothing otherwise', async () => {
    const { connection, connected, last, sockets } = setup()
    await connected()
    connection.retryNow()
    expect(sockets).toHaveLength(1)
    last().closeFromServer(REMOTE_DESKTOP_CLOSE.desktopClosed)
    connection.retryNow()
    await flush()
    expect(sockets).toHaveLength(2)
  })

  it('sends each fresh token on the open socket, and ends when the console signs out', async () => {
    let listener: ((token: string | undefined) => void) | undefined
    const unwatch = vi.fn()
    const { connection, connected, last } = setup({
      watchToken: (l) => {
        listener = l
        return unwatch
      },
    })
    await connected()
    const socket = last()
    listener!('token-2')
    listener!('token-2')
    expect(socket.sent.map((f) => JSON.parse(f))).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-2' },
    ])
    expect(connection.getSnapshot().status).toBe('connected')
    listener!(undefined)
    expect(connection.getSnapshot()).toEqual({ status: 'ended', reason: 'signed-out' })
    expect(FakeRfb.created[0]!.disconnected).toBe(true)
    expect(unwatch).toHaveBeenCalledOnce()
  })

  it('stops watching the token when the socket is dropped', async () => {
    const unwatch = vi.fn()
    const { connection, connected } = setup({ watchToken: () => unwatch })
    await connected()
    connection.disconnect()
    expect(unwatch).toHaveBeenCalledOnce()
  })

  it('a token refresh answered after a disconnect changes nothing; one that fails is tried again later', async () => {
    let answer: (fresh: boolean) => void = () => {}
    const { connection, last, sockets, target } = setup({ refreshToken: () => new Promise<boolean>((resolve) => (answer = resolve)) })
    connection.connect(target)
    await flush()
    last().closeFromServer(REMOTE_DESKTOP_CLOSE.notAuthenticated)
    connection.disconnect()
    answer(true)
    await flush()
    expect(connection.getSnapshot()).toEqual({ status: 'idle' })
    expect(sockets).toHaveLength(1)

    const failing = setup({ refreshToken: () => Promise.reject(new Error('offline')) })
    failing.connection.connect(failing.target)
    await flush()
    failing.last().closeFromServer(REMOTE_DESKTOP_CLOSE.notAuthenticated)
    await flush()
    expect(failing.connection.getSnapshot()).toMatchObject({ status: 'retrying', reason: 'lost' })
  })

  it.each([
    [REMOTE_DESKTOP_CLOSE.originNotAllowed, 'origin not allowed'],
    [1002, 'a protocol error'],
  ])('ends at close code %i (%s) as refused, without trying again', async (code) => {
    const { connection, connected, last, scheduler, sockets } = setup()
    await connected()
    last().closeFromServer(code)
    expect(connection.getSnapshot()).toEqual({ status: 'ended', reason: 'refused' })
    scheduler.advance(60_000)
    expect(sockets).toHaveLength(1)
  })

  it('forgets the text the desktop copied when it disconnects', async () => {
    const { connection, connected } = setup()
    await connected()
    FakeRfb.created[0]!.emit('clipboard', { text: 'secret' })
    expect(connection.getClipboard()).toBe('secret')
    connection.disconnect()
    expect(connection.getClipboard()).toBeUndefined()
  })

  it('asks for reduced quality on a slow link', async () => {
    const { connection, connected } = setup({ slowLink: () => true })
    await connected()
    expect(connection.reducedQuality).toBe(true)
    expect(FakeRfb.created[0]).toMatchObject({
      qualityLevel: DESKTOP_QUALITY.slow.quality,
      compressionLevel: DESKTOP_QUALITY.slow.compression,
    })
  })

  it('retries when noVNC cannot load, and when noVNC fails the protocol by itself', async () => {
    let fail = true
    const { connection, last, scheduler, sockets, target } = setup({
      loadRfb: async () => {
        if (fail) throw new Error('chunk failed')
        return FakeRfb as unknown as RfbConstructor
      },
    })
    connection.connect(target)
    await flush()
    expect(connection.getSnapshot()).toMatchObject({ status: 'retrying', reason: 'lost', attempt: 1 })
    expect(sockets).toHaveLength(0)
    fail = false
    scheduler.advance(1000)
    await flush()
    last().open()
    last().message({ type: 'ready' })
    FakeRfb.created[0]!.emit('connect')
    FakeRfb.created[0]!.emit('disconnect', { clean: false })
    expect(connection.getSnapshot().status).toBe('connected')
    scheduler.advance(0)
    expect(connection.getSnapshot()).toMatchObject({ status: 'retrying', reason: 'lost' })
  })

  it('the connector’s stop() disconnects every open connection (the console stopped)', async () => {
    const { connector, connection, connected } = setup()
    await connected()
    const other = connector.open('alpha-ra-2')
    other.connect(document.createElement('div'))
    connector.stop()
    expect(connection.getSnapshot()).toEqual({ status: 'idle' })
    expect(other.getSnapshot()).toEqual({ status: 'idle' })
    expect(FakeRfb.created[0]!.disconnected).toBe(true)
  })
})
