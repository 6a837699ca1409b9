import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { vncMessages } from './vnc-messages'

describe("the Vnc widget's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([vncMessages])).toEqual([])
  })
})
