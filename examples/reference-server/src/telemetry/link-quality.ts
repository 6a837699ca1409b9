/** How long a window the link quality looks back over. */
export const LINK_WINDOW_MS = 5_000

/**
 * Link quality of one MAVLink sender from its packet sequence numbers: every packet a system sends advances its
 * 8-bit sequence by one, so the advance since the previous packet is how many packets were expected, and the
 * quality is received ÷ expected over the last {@link LINK_WINDOW_MS}, in percent (what QGroundControl shows as
 * link loss, inverted). Tracked per component, since each component counts its own sequence.
 */
export class LinkQuality {
  private readonly lastSeq = new Map<number, number>()
  /** [time, received, expected] per arrival, oldest first. */
  private samples: [number, number, number][] = []
  private received = 0
  private expected = 0

  /** Records one packet; answers the quality (0–100) over the window. */
  record(componentId: number, seq: number, now: number): number {
    const previous = this.lastSeq.get(componentId)
    this.lastSeq.set(componentId, seq)
    // The first packet of a component, a restart (sequence back at a small number) or a duplicate: one expected.
    let expected = previous === undefined ? 1 : (seq - previous + 256) % 256
    if (expected === 0 || expected > 128) expected = 1
    this.samples.push([now, 1, expected])
    this.received += 1
    this.expected += expected
    let drop = 0
    while (drop < this.samples.length && this.samples[drop]![0] <= now - LINK_WINDOW_MS) {
      this.received -= this.samples[drop]![1]
      this.expected -= this.samples[drop]![2]
      drop += 1
    }
    if (drop > 0) this.samples = this.samples.slice(drop)
    return this.quality()
  }

  /** The quality (0–100, whole percent) over the window; 100 before anything was missed. */
  quality(): number {
    return this.expected === 0 ? 100 : Math.round((100 * this.received) / this.expected)
  }
}
