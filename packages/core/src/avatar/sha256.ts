// A small synchronous SHA-256 (FIPS 180-4). Web Crypto's digest is async-only and Node's crypto is not in
// browsers; avatars are computed while rendering lists, so a sync hash keeps call sites simple.

// The round constants and initial hash are the first 32 bits of the fractional parts of the cube roots
// (K) and square roots (H) of the first primes (FIPS 180-4 §4.2.2, §5.3.3). Computing them keeps the bundle
// small; doubles are exact enough for 32 fractional bits of these roots (checked against the test vectors).
// Computed on first use, so importing the module does no work and stays tree-shakeable.
let K: Uint32Array | undefined
let H0: number[] = []
function constants(): Uint32Array {
  if (K) return K
  const primes: number[] = []
  for (let n = 2; primes.length < 64; n++) if (primes.every((p) => n % p !== 0)) primes.push(n)
  const frac32 = (x: number) => ((x - Math.floor(x)) * 0x100000000) >>> 0
  H0 = primes.slice(0, 8).map((p) => frac32(Math.sqrt(p)))
  return (K = new Uint32Array(primes.map((p) => frac32(Math.cbrt(p)))))
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n))

/** SHA-256 of a string's UTF-8 bytes, as 64 lowercase hex characters. */
export function sha256Hex(text: string): string {
  const k = constants()
  const bytes = new TextEncoder().encode(text)
  const bitLength = bytes.length * 8
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000))
  view.setUint32(padded.length - 4, bitLength >>> 0)

  const h = new Uint32Array(H0)
  const w = new Uint32Array(64)
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4)
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!
      const b = w[i - 2]!
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number]
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i]! + w[i]!) >>> 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    h[0] = h[0]! + a
    h[1] = h[1]! + b
    h[2] = h[2]! + c
    h[3] = h[3]! + d
    h[4] = h[4]! + e
    h[5] = h[5]! + f
    h[6] = h[6]! + g
    h[7] = h[7]! + hh
  }
  return Array.from(h, (word) => word.toString(16).padStart(8, '0')).join('')
}
