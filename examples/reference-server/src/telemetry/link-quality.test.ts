import { describe, expect, it } from 'vitest'
import { LINK_WINDOW_MS, LinkQuality } from './link-quality'

describe('link quality from sequence numbers', () => {
  it('is 100 when every packet arrives, across the 8-bit wrap', () => {
    const link = new LinkQuality()
    let quality = 0
    for (let i = 0; i < 600; i++) quality = link.record(1, i % 256, i * 10)
    expect(quality).toBe(100)
  })

  it('is received ÷ expected when packets are lost', () => {
    const link = new LinkQuality()
    let quality = 0
    // Every second packet lost: sequence numbers advance by two.
    for (let i = 0; i < 100; i++) quality = link.record(1, (i * 2) % 256, i * 10)
    expect(quality).toBe(50) // 100 received of 199 expected (the first packet expects itself)
  })

  it('forgets losses older than the window', () => {
    const link = new LinkQuality()
    for (let i = 0; i < 50; i++) link.record(1, (i * 4) % 256, i * 10)
    expect(link.quality()).toBeLessThan(30)
    let quality = 0
    for (let i = 0; i < 50; i++) quality = link.record(1, (197 + i) % 256, LINK_WINDOW_MS + 1000 + i * 10)
    expect(quality).toBe(100)
  })

  it('counts each component on its own sequence', () => {
    const link = new LinkQuality()
    let quality = 0
    for (let i = 0; i < 50; i++) {
      link.record(1, i, i * 10)
      quality = link.record(190, 100 + i, i * 10)
    }
    expect(quality).toBe(100)
  })
})
