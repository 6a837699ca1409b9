import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { tenantMessages } from './tenant-messages'

describe("the Tenant widget's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([tenantMessages])).toEqual([])
  })
})
