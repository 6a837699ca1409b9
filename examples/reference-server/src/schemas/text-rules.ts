/**
 * What a string sent to the server may contain, as one function every check shares: the JSON body parser, the
 * query and path parameter check, and the `x-text` schema keyword.
 *
 * - `any`: every string anywhere (keys included). No NUL (PostgreSQL's text and jsonb cannot store it, so it
 *   would fail deep in the database) and no lone surrogate (not Unicode: the database driver would silently
 *   turn it into U+FFFD).
 * - `text`: free text (v2 record fields). As `any`, and no control characters but tab and line breaks.
 * - `line`: a name, address or other one-line value. Trimmed (the caller stores the trimmed value), never blank,
 *   no control characters at all, and none of the invisible characters that make a name read differently from
 *   what it is: bidirectional overrides and isolates (a name made to read backwards) and zero-width characters.
 * - `line-or-empty`: as `line`, but may be empty (an optional address such as a stream's proxy).
 */
export type TextRule = 'any' | 'text' | 'line' | 'line-or-empty'

/** A lone (unpaired) surrogate: in a `u` regex a correct pair is one code point, so only lone halves match. */
const LONE_SURROGATE = /\p{Cs}/u
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
/** Bidirectional embeddings, overrides (U+202A–202E) and isolates (U+2066–2069); zero-width space, joiners, word joiner, BOM. */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/

/**
 * The first rule `value` breaks, as the end of a sentence naming the field ("must not be blank"), or undefined
 * when it is acceptable. For `line` rules the value is checked as trimmed: see {@link normaliseText}.
 */
export function textProblem(value: string, rule: TextRule): string | undefined {
  if (value.includes('\u0000')) return 'must not contain a NUL character'
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode (it contains a lone surrogate)'
  if (rule === 'any') return undefined
  if (rule === 'text') return CONTROL_BUT_BREAKS.test(value) ? 'must not contain control characters' : undefined
  const trimmed = value.trim()
  if (rule === 'line' && trimmed === '') return 'must not be blank'
  if (CONTROL.test(trimmed)) return 'must be one line without control characters'
  if (INVISIBLE.test(trimmed)) return 'must not contain bidirectional control or zero-width characters'
  return undefined
}

/** The value as stored: `line` values are trimmed (a name typed as "  Bow  " is "Bow"), other text unchanged. */
export const normaliseText = (value: string, rule: TextRule) => (rule === 'line' || rule === 'line-or-empty' ? value.trim() : value)
