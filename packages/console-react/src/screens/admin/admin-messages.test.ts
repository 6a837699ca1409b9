import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { adminMessages } from './admin-messages'

describe("the admin console's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([adminMessages])).toEqual([])
  })
})
