import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { vehicleMessages } from './vehicle-messages'

describe("the Vehicle widget's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([vehicleMessages])).toEqual([])
  })
})
