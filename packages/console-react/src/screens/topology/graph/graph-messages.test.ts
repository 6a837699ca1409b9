import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { graphMessages } from './graph-messages'

describe("the network graph's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([graphMessages])).toEqual([])
  })
})
