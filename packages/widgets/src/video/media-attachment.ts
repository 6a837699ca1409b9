/** Which playback holds each element now: the last one to attach to it. */
const holders = new WeakMap<Element, object>()

/** One playback's hold on a `<video>` or `<canvas>`. */
export interface Attachment {
  /** True while no later playback has attached to the element: only then may this one change it. */
  readonly held: boolean
  /**
   * Lets go of the element, running `reset` on it only while this playback still holds it. A playback destroyed
   * late (after an `await`) thus never clears the source that the next playback has just set. Safe to call twice.
   */
  release(reset?: (element: Element) => void): void
}

/**
 * Makes one playback the holder of `element`, taking it over from any earlier one. Under React's `<StrictMode>` a
 * player mounts, unmounts and mounts again at once: the first playback is destroyed while it still waits for
 * hls.js, and used to release the `<video>` the second had just attached (the player then stayed on
 * "Connecting…"). With a hold, the late release finds the element taken and leaves it alone.
 */
export function attach(element: Element): Attachment {
  const me = {}
  holders.set(element, me)
  return {
    get held() {
      return holders.get(element) === me
    },
    release(reset) {
      if (holders.get(element) !== me) return
      holders.delete(element)
      reset?.(element)
    },
  }
}
