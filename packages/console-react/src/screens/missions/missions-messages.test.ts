import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { missionsMessages } from './missions-messages'

describe("the mission operations screen's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([missionsMessages])).toEqual([])
  })
})
