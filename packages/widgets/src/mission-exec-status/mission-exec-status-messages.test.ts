import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { missionExecStatusMessages } from './mission-exec-status-messages'

describe("the MissionExecStatus widget's messages", () => {
  it('has every key in German, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations([missionExecStatusMessages])).toEqual([])
  })
})
