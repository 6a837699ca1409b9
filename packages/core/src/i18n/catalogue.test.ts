import { describe, expect, it } from 'vitest'
import { checkTranslations } from '../testing/check-translations'
import { coreMessages } from './core-messages'
import { recoveryMessageBook } from './recovery-messages'
import { specMessages } from './spec-messages'
import { errorMessages } from './error-messages'
import { defineMessages, type TranslationLoaders } from './define-messages'

const core = [specMessages, recoveryMessageBook, coreMessages, errorMessages]

describe("core's catalogue", () => {
  it('has every key in every language, each parsing, with the same placeholders', async () => {
    expect(await checkTranslations(core)).toEqual([])
  })
})

describe('checkTranslations', () => {
  const german = (translations: Record<string, Record<string, string>>): TranslationLoaders => ({
    'de-DE': () => Promise.resolve(translations),
  })

  it('names a key German lacks and a key US English lacks', async () => {
    const book = defineMessages('b', { a: 'A', b: 'B' }, german({ b: { a: 'A', c: 'C' } }))
    expect(await checkTranslations([book])).toEqual(['de-DE b.b is missing', 'de-DE b.c is not in US English'])
  })

  it('names a book only one language has, and a book defined twice', async () => {
    const loaders = german({ b: { a: 'A' }, stray: { x: 'X' } })
    const book = defineMessages('b', { a: 'A' }, loaders)
    expect(await checkTranslations([book, book])).toEqual(['book "b" is defined twice', 'de-DE has book "stray", which US English lacks'])
  })

  it('names a message that does not parse and placeholders that differ', async () => {
    const book = defineMessages(
      'b',
      { broken: '{count, plural, one {# item}}', renamed: '{count, plural, one {# item} other {# items}}' },
      german({ b: { broken: 'x', renamed: '{n} Elemente' } }),
    )
    const problems = await checkTranslations([book])
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^en-US b\.broken: Cannot read the message .*needs an "other" option/)
    expect(problems[1]).toBe('de-DE b.renamed takes {n}, US English {count}')
  })

  it('compares placeholders nested in plural and select options, whatever their order', async () => {
    const book = defineMessages(
      'b',
      { same: '{who} has {n, plural, one {# {kind}} other {# {kind}s}}', nested: '{n, plural, one {{who}} other {#}}' },
      german({ b: { same: '{n, plural, one {# {kind}} other {# {kind}}} hat {who}', nested: '{n, plural, one {eins} other {#}}' } }),
    )
    expect(await checkTranslations([book])).toEqual(['de-DE b.nested takes {n}, US English {n,who}'])
  })
})
