import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { remoteAccessMessages } from './remote-access-messages'

describe("the Remote Access widget's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([remoteAccessMessages])).toEqual([])
  })
})
