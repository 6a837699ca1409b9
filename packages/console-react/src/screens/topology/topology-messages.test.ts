import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { topologyMessages } from './topology-messages'

describe("the topology screen's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([topologyMessages])).toEqual([])
  })
})
