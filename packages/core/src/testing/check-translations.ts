import { LOCALES, type MessageBook, type Translations } from '../i18n/define-messages'
import { parseMessage, type Part } from '../i18n/format-message'

/** Names of a message's placeholders (sorted), to check that every translation takes the same values. */
function messageArguments(message: string): string[] {
  const names = new Set<string>()
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part !== 'object') continue
      names.add(part.n)
      if (part.o) Object.values(part.o).forEach(walk)
    }
  }
  walk(parseMessage(message))
  return [...names].sort()
}

/**
 * What is wrong with a package's catalogue: a key one language has and another lacks (either way), a message
 * that does not parse, or a translation whose placeholders differ from the US English ones. Empty when all is
 * well. Loads every language the books name.
 *
 * @example expect(await checkTranslations(Object.values(books))).toEqual([])
 */
export async function checkTranslations(books: readonly MessageBook[]): Promise<string[]> {
  const problems: string[] = []
  const ids = new Set<string>()
  const sourceArgs = new Map<string, string | undefined>()
  const args = (where: string, text: string) => {
    try {
      return messageArguments(text).join(',')
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`)
      return undefined
    }
  }
  for (const book of books) {
    if (ids.has(book.id)) problems.push(`book "${book.id}" is defined twice`)
    ids.add(book.id)
    for (const [key, text] of Object.entries(book.messages)) sourceArgs.set(`${book.id}.${key}`, args(`en-US ${book.id}.${key}`, text))
  }
  for (const locale of LOCALES) {
    if (locale === 'en-US') continue
    const loaders = new Set(books.map((book) => book.translations[locale]))
    const loaded: Translations[] = await Promise.all([...loaders].map((load) => (load ? load() : {})))
    const all: Translations = Object.assign({}, ...loaded)
    for (const id of Object.keys(all)) if (!ids.has(id)) problems.push(`${locale} has book "${id}", which US English lacks`)
    for (const book of books) {
      const translated = all[book.id] ?? {}
      for (const key of Object.keys(book.messages)) {
        if (!(key in translated)) problems.push(`${locale} ${book.id}.${key} is missing`)
      }
      for (const [key, text] of Object.entries(translated)) {
        const source = book.messages[key]
        if (source === undefined) {
          problems.push(`${locale} ${book.id}.${key} is not in US English`)
          continue
        }
        const mine = args(`${locale} ${book.id}.${key}`, text)
        const theirs = sourceArgs.get(`${book.id}.${key}`)
        if (mine !== undefined && theirs !== undefined && mine !== theirs) {
          problems.push(`${locale} ${book.id}.${key} takes {${mine}}, US English {${theirs}}`)
        }
      }
    }
  }
  return problems
}
