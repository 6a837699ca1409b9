// A small strict XML reader: enough for KML, and nothing more. Core has no DOM (no DOMParser in Node), and the
// KML a planner imports needs elements, attributes, text, CDATA, comments and the five predefined entities. It
// refuses what it does not read rather than guess: a DOCTYPE (and with it any entity expansion), an unknown entity,
// a tag left open or closed out of order, text outside the root element. Namespaces are not resolved: an element's
// `name` is its local name (`gx:Track` → `Track`, prefix kept in `qualifiedName`).

/** An element of a parsed XML document. */
export interface XmlElement {
  /** The local name, without a prefix. */
  name: string
  /** The name as written, prefix and all. */
  qualifiedName: string
  attributes: Readonly<Record<string, string>>
  children: XmlElement[]
  /** The element's own text (its text and CDATA children joined, entities decoded), not its descendants'. */
  text: string
}

/** Why a text is not well-formed XML, with the 1-based line where reading stopped. */
export class XmlSyntaxError extends Error {
  static override readonly name: string = 'XmlSyntaxError'
  constructor(
    readonly reason: string,
    readonly line: number,
  ) {
    super(`${reason} (line ${line})`)
    this.name = new.target.name
  }
}

const NAME = /^[A-Za-z_\u00C0-\uFFFF][\w.\-:\u00B7\u00C0-\uFFFF]*/
const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/**
 * Parses an XML document into its root element.
 *
 * @throws {XmlSyntaxError} when the text is not well-formed (or uses what this reader refuses, see the module).
 */
export function parseXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '')
  let i = 0
  const fail = (reason: string): never => {
    let line = 1
    for (let k = 0; k < Math.min(i, text.length); k++) if (text.charCodeAt(k) === 10) line++
    throw new XmlSyntaxError(reason, line)
  }
  const decode = (raw: string): string =>
    raw.replace(/&([^;&\s]*);?/g, (match, entity: string) => {
      if (!match.endsWith(';')) return fail('a “&” that does not start an entity')
      if (entity.startsWith('#')) {
        const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10)
        if (!Number.isInteger(code) || code < 0 || code > 0x10ffff || !/^#(x[\da-fA-F]+|\d+)$/.test(entity)) {
          return fail(`the character reference “&${entity};” is not valid`)
        }
        return String.fromCodePoint(code)
      }
      return ENTITIES[entity] ?? fail(`the entity “&${entity};” is not known`)
    })
  const skipUntil = (end: string, what: string) => {
    const at = text.indexOf(end, i)
    if (at < 0) fail(`${what} is not closed`)
    const body = text.slice(i, at)
    i = at + end.length
    return body
  }
  // Comments, processing instructions and white space, which may stand outside the root element.
  const misc = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++
      if (text.startsWith('<!--', i)) {
        i += 4
        skipUntil('-->', 'a comment')
      } else if (text.startsWith('<?', i)) {
        if (/^<\?xml[\s?]/i.test(text.slice(i, i + 6))) fail('an XML declaration that is not at the start')
        i += 2
        skipUntil('?>', 'a processing instruction')
      } else if (text.startsWith('<!DOCTYPE', i)) {
        fail('a DOCTYPE, which is not accepted')
      } else return
    }
  }

  if (text.startsWith('<?xml')) {
    i = 5
    skipUntil('?>', 'the XML declaration')
  }
  misc()
  if (text[i] !== '<') fail(i >= text.length ? 'no root element' : 'text before the root element')

  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  while (i < text.length) {
    if (text[i] !== '<') {
      const end = text.indexOf('<', i)
      const raw = text.slice(i, end < 0 ? text.length : end)
      if (stack.length === 0) {
        if (raw.trim()) fail('text after the root element')
      } else stack.at(-1)!.text += decode(raw)
      i = end < 0 ? text.length : end
      continue
    }
    if (stack.length === 0 && root) {
      misc()
      if (i < text.length) fail('content after the root element')
      break
    }
    if (text.startsWith('<!--', i)) {
      i += 4
      skipUntil('-->', 'a comment')
    } else if (text.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) fail('a CDATA section outside the root element')
      i += 9
      const body = skipUntil(']]>', 'a CDATA section')
      stack.at(-1)!.text += body
    } else if (text.startsWith('<?', i)) {
      i += 2
      skipUntil('?>', 'a processing instruction')
    } else if (text.startsWith('<!', i)) {
      fail('a declaration, which is not accepted')
    } else if (text[i + 1] === '/') {
      i += 2
      const name = NAME.exec(text.slice(i))?.[0]
      const open = stack.pop()
      if (!name || !open) fail('a closing tag without an opening one')
      if (name !== open!.qualifiedName) fail(`</${name}> closes <${open!.qualifiedName}>`)
      i += name!.length
      while (/\s/.test(text[i] ?? '')) i++
      if (text[i] !== '>') fail(`</${name}> is not closed with “>”`)
      i++
    } else {
      i++
      const qualifiedName = NAME.exec(text.slice(i))?.[0] ?? fail('a tag without a name')
      i += qualifiedName.length
      const attributes: Record<string, string> = {}
      for (;;) {
        const spaced = /\s/.test(text[i] ?? '')
        while (/\s/.test(text[i] ?? '')) i++
        if (text[i] === '>' || text.startsWith('/>', i)) break
        if (i >= text.length) fail(`<${qualifiedName}> is not closed`)
        const attribute = NAME.exec(text.slice(i))?.[0]
        if (!attribute || !spaced) fail(`<${qualifiedName}> has a malformed attribute`)
        i += attribute!.length
        while (/\s/.test(text[i] ?? '')) i++
        if (text[i] !== '=') fail(`the attribute ${attribute} has no value`)
        i++
        while (/\s/.test(text[i] ?? '')) i++
        const quote = text[i]
        if (quote !== '"' && quote !== "'") fail(`the value of ${attribute} is not quoted`)
        const end = text.indexOf(quote!, i + 1)
        if (end < 0) fail(`the value of ${attribute} is not closed`)
        const raw = text.slice(i + 1, end)
        if (raw.includes('<')) fail(`the value of ${attribute} holds “<”`)
        if (attribute! in attributes) fail(`<${qualifiedName}> has the attribute ${attribute} twice`)
        attributes[attribute!] = decode(raw)
        i = end + 1
      }
      const colon = qualifiedName.indexOf(':')
      const element: XmlElement = { name: qualifiedName.slice(colon + 1), qualifiedName, attributes, children: [], text: '' }
      if (stack.length) stack.at(-1)!.children.push(element)
      else root = element
      if (text.startsWith('/>', i)) i += 2
      else {
        i++
        stack.push(element)
      }
    }
  }
  if (stack.length) fail(`<${stack.at(-1)!.qualifiedName}> is not closed`)
  return root!
}

/** The element's children named `name` (local name). */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] => element.children.filter((c) => c.name === name)
