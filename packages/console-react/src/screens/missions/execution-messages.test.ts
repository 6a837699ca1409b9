import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { executionMessages } from './execution-messages'

describe("the Start execution action's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([executionMessages])).toEqual([])
  })
})
