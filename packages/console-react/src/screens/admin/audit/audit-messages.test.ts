import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { auditMessages } from './audit-messages'

describe("the audit trail's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([auditMessages])).toEqual([])
  })
})
