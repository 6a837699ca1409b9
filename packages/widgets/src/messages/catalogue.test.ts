import { describe, expect, it } from 'vitest'
import { checkTranslations } from '@honu/core/testing'
import { books } from './index'

describe("the widgets' catalogue", () => {
  it('has every key in every language, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations(Object.values(books))).toEqual([])
  })
})
