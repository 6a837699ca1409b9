import { describe, expect, it } from 'vitest'
import { unwrapV2 } from './unwrap-v2'

describe('unwrapV2 (§7: data.data, else data, else a plain string)', () => {
  it.each([
    [{ data: { data: [1] } }, { data: [1] }],
    [{ data: [1, 2] }, [1, 2]],
    [{ data: null }, null],
    ['plain text', 'plain text'],
    [
      [1, 2],
      [1, 2],
    ],
    [{ other: 1 }, { other: 1 }],
  ])('%j → %j', (body, expected) => {
    expect(unwrapV2(body)).toEqual(expected)
  })
})
