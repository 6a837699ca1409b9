/** What the live channel needs of a WebSocket; the browser's (and the `ws` package's) satisfies it. */
export interface LiveSocket {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number; reason?: string }) => void) | null
  onerror: ((event: unknown) => void) | null
}

/** Opens a socket to `url`; default `new WebSocket(url)`. Injected by tests and non-browser hosts. */
export type LiveSocketFactory = (url: string) => LiveSocket
