/**
 * Bytes arriving in chunks (a TCP socket's data, a WebSocket's binary frames), read back in exact counts. A read
 * waits until enough has arrived, or fails once the source has ended or the time is up.
 */
export class ByteQueue {
  private chunks: Buffer[] = []
  private length = 0
  private waiter: { count: number; resolve: (bytes: Buffer) => void; reject: (error: Error) => void } | undefined
  private ended: Error | undefined

  /** Bytes that arrived. */
  push(chunk: Buffer) {
    if (this.ended) return
    this.chunks.push(chunk)
    this.length += chunk.length
    this.serve()
  }

  /** The source ended: a pending read and every later one fails with `error`. */
  end(error: Error) {
    if (this.ended) return
    this.ended = error
    const waiter = this.waiter
    this.waiter = undefined
    waiter?.reject(error)
  }

  /** How many bytes are waiting. */
  get available(): number {
    return this.length
  }

  /** The next `count` bytes, once they are here (one read at a time). */
  read(count: number): Promise<Buffer> {
    if (this.waiter) return Promise.reject(new Error('one read at a time'))
    if (this.length >= count) return Promise.resolve(this.take(count))
    if (this.ended) return Promise.reject(this.ended)
    return new Promise((resolve, reject) => {
      this.waiter = { count, resolve, reject }
    })
  }

  /** Everything waiting, at once (possibly nothing). */
  drain(): Buffer {
    return this.take(this.length)
  }

  private serve() {
    const waiter = this.waiter
    if (!waiter || this.length < waiter.count) return
    this.waiter = undefined
    waiter.resolve(this.take(waiter.count))
  }

  private take(count: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length)
    const taken = all.subarray(0, count)
    const rest = all.subarray(count)
    this.chunks = rest.length > 0 ? [rest] : []
    this.length = rest.length
    return taken
  }
}

/** `promise`, or a rejection with `message` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms)
    }),
  ])
}
