import { ConsoleError } from '../errors/console-error'

/** A value a message can take: text, a number (plurals, `{n, number}`) or a date (`{d, date, short}`). */
export type MessageValue = string | number | Date

/** Values of a message's placeholders, by name. */
export type MessageValues = Readonly<Record<string, MessageValue>>

// A parsed message: literal text, or an argument. `#` inside a plural is the plural's number.
/** @internal A parsed message's part: text, an argument, or `#` (the plural's number). */
export type Part = string | Arg | typeof POUND
/** @internal */
export interface Arg {
  /** Name of the value. */
  n: string
  /** Type: none (as text), number, date, time, plural, selectordinal, select. */
  t?: string
  /** Style of number/date/time. */
  s?: string
  /** Options of plural/select, by key (`=0`, `one`, `other`, a select value). */
  o?: Record<string, Part[]>
}
const POUND = 0

const invalid = (message: string, detail: string) =>
  new ConsoleError({ code: 'i18n/invalid-message', message: `Cannot read the message "${message}": ${detail}.` })

/**
 * Parses an ICU MessageFormat message (the subset the console uses: `{name}`, `{n, number}`, `{d, date|time,
 * short|medium|long|full}`, `{n, plural|selectordinal, =0 {…} one {…} other {…}}` with `#`, `{x, select, a {…}
 * other {…}}`, and `''`/`'{…}'` quoting). Throws a ConsoleError (`i18n/invalid-message`) on a malformed message.
 */
export function parseMessage(message: string): Part[] {
  let i = 0
  const fail = (detail: string): never => {
    throw invalid(message, `${detail} at ${i}`)
  }
  const space = () => {
    while (/\s/.test(message[i] ?? '')) i++
  }
  const word = () => {
    space()
    const start = i
    while (i < message.length && !/[\s{},]/.test(message[i]!)) i++
    if (i === start) fail('a name is missing')
    return message.slice(start, i)
  }
  // Reads parts up to an unmatched `}` (inside an option) or the end; `inPlural` makes `#` the number.
  const parts = (depth: number, inPlural: boolean): Part[] => {
    const out: Part[] = []
    let text = ''
    const flush = () => {
      if (text) out.push(text)
      text = ''
    }
    while (i < message.length) {
      const c = message[i]!
      if (c === "'") {
        const next = message[i + 1]
        if (next === "'") {
          text += "'"
          i += 2
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = message.indexOf("'", i + 1)
          text += message.slice(i + 1, end < 0 ? message.length : end).replace(/''/g, "'")
          i = end < 0 ? message.length : end + 1
        } else {
          text += c
          i++
        }
      } else if (c === '{') {
        flush()
        i++
        out.push(argument(depth))
      } else if (c === '}') {
        if (depth === 0) fail('an unmatched "}"')
        break
      } else if (c === '#' && inPlural) {
        flush()
        out.push(POUND)
        i++
      } else {
        text += c
        i++
      }
    }
    flush()
    return out
  }
  const argument = (depth: number): Arg => {
    const arg: Arg = { n: word() }
    space()
    if (message[i] === ',') {
      i++
      arg.t = word()
      space()
      if (arg.t === 'plural' || arg.t === 'selectordinal' || arg.t === 'select') {
        if (message[i] !== ',') fail(`${arg.t} needs options`)
        i++
        arg.o = {}
        for (space(); message[i] !== '}'; space()) {
          if (i >= message.length) fail('a "}" is missing')
          const key = word()
          space()
          if (message[i] !== '{') fail(`option "${key}" needs a message in braces`)
          i++
          arg.o[key] = parts(depth + 1, arg.t !== 'select')
          if (message[i] !== '}') fail('a "}" is missing')
          i++
        }
        if (!arg.o.other) fail(`${arg.t} needs an "other" option`)
      } else if (arg.t === 'number' || arg.t === 'date' || arg.t === 'time') {
        if (message[i] === ',') {
          i++
          arg.s = word()
          space()
        }
      } else {
        fail(`unknown type "${arg.t}"`)
      }
    }
    if (message[i] !== '}') fail('a "}" is missing')
    i++
    return arg
  }
  const result = parts(0, false)
  if (i < message.length) fail('an unmatched "}"')
  return result
}

const DATE_STYLES = ['short', 'medium', 'long', 'full'] as const
type DateStyle = (typeof DATE_STYLES)[number]
const dateStyle = (style: string | undefined): DateStyle =>
  (DATE_STYLES as readonly string[]).includes(style ?? '') ? (style as DateStyle) : 'medium'

/**
 * Formats a parsed message in a locale. Plural and ordinal categories come from `Intl.PluralRules`, numbers,
 * dates and times from `Intl`. A missing value shows as its placeholder (`{name}`), so a gap shows on screen
 * rather than throwing during render.
 */
export function formatParts(parts: readonly Part[], locale: string, values: MessageValues = {}, pound?: number): string {
  let out = ''
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part
      continue
    }
    if (part === POUND) {
      out += pound === undefined ? '#' : new Intl.NumberFormat(locale).format(pound)
      continue
    }
    const value = values[part.n]
    if (value === undefined) {
      out += `{${part.n}}`
      continue
    }
    switch (part.t) {
      case 'plural':
      case 'selectordinal': {
        const n = Number(value)
        const category = new Intl.PluralRules(locale, { type: part.t === 'plural' ? 'cardinal' : 'ordinal' }).select(n)
        out += formatParts(part.o![`=${n}`] ?? part.o![category] ?? part.o!.other!, locale, values, n)
        break
      }
      case 'select':
        out += formatParts(part.o![String(value)] ?? part.o!.other!, locale, values, pound)
        break
      case 'number':
        out += new Intl.NumberFormat(locale, {
          style: part.s === 'percent' ? 'percent' : 'decimal',
          maximumFractionDigits: part.s === 'integer' ? 0 : undefined,
        }).format(Number(value))
        break
      case 'date':
      case 'time':
        out += new Intl.DateTimeFormat(locale, {
          [part.t === 'date' ? 'dateStyle' : 'timeStyle']: dateStyle(part.s),
        }).format(value instanceof Date ? value : new Date(value))
        break
      default:
        out += typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value)
    }
  }
  return out
}
