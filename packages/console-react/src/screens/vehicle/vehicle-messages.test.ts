import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { vehiclePageMessages } from './vehicle-messages'

describe("the vehicle page's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([vehiclePageMessages])).toEqual([])
  })
})
