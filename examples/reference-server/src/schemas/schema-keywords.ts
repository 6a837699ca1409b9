import { normaliseText, textProblem, type TextRule } from './text-rules'

/** Limits of an arbitrary JSON document (a v2 record), checked by the `x-json` keyword. */
export interface JsonLimits {
  /** Deepest nesting, the document itself being level 1. */
  maxDepth: number
  /** Longest string value, in UTF-16 units. */
  maxStringLength: number
  /** Most items of any array. */
  maxItems: number
  /** Most fields of any object. */
  maxProperties: number
}

/** A field name in a stored document: a letter, then letters, digits, `_` or `-` (so never `__proto__`). */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/
/** Names that are safe to store but turn into prototype lookups in careless code downstream. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** What ajv passes a `validate` keyword about where the data sits (ajv's `DataValidationCxt`). */
interface DataContext {
  instancePath: string
  parentData: Record<string | number, unknown>
  parentDataProperty: string | number
}

/** An ajv `validate` keyword function; errors it sets keep their `instancePath` when given one. */
type Validate = ((schema: unknown, data: unknown, parentSchema?: unknown, cxt?: DataContext) => boolean) & {
  errors?: { keyword: string; message: string; params: Record<string, never>; instancePath?: string }[]
}

const fail = (validate: Validate, keyword: string, message: string, instancePath?: string) => {
  validate.errors = [{ keyword, message, params: {}, ...(instancePath === undefined ? {} : { instancePath }) }]
  return false
}

/** JSON pointer segment (RFC 6901), as ajv writes instance paths. */
const pointer = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`

/**
 * `x-text: <rule>` on a string: the {@link TextRule} it must follow. `line` values are trimmed in place, so the
 * handler sees and stores what the check accepted.
 */
const xText: Validate = function xText(rule: unknown, data: unknown, _parent, cxt) {
  if (typeof data !== 'string') return true
  const problem = textProblem(data, rule as TextRule)
  if (problem) return fail(xText, 'x-text', problem)
  const normalised = normaliseText(data, rule as TextRule)
  if (normalised !== data && cxt?.parentData !== undefined) {
    cxt.parentData[cxt.parentDataProperty] = normalised
  }
  return true
}

/**
 * `x-json: <JsonLimits>` on an object: the whole document, walked without recursion (so a deep one cannot
 * overflow the stack), stays within the limits, its field names are {@link FIELD_NAME}s and its strings `text`.
 * The error points at the offending value.
 */
const xJson: Validate = function xJson(limits: unknown, data: unknown, _parent, cxt) {
  const { maxDepth, maxStringLength, maxItems, maxProperties } = limits as JsonLimits
  const base = cxt?.instancePath ?? ''
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: data, path: base, depth: 1 }]
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!
    if (typeof value === 'string') {
      if (value.length > maxStringLength) return fail(xJson, 'x-json', `must NOT have more than ${maxStringLength} characters`, path)
      const problem = textProblem(value, 'text')
      if (problem) return fail(xJson, 'x-json', problem, path)
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (depth > maxDepth) return fail(xJson, 'x-json', `must not nest deeper than ${maxDepth} levels`, path)
    if (Array.isArray(value)) {
      if (value.length > maxItems) return fail(xJson, 'x-json', `must NOT have more than ${maxItems} items`, path)
      value.forEach((item, index) => stack.push({ value: item, path: path + pointer(index), depth: depth + 1 }))
      continue
    }
    const entries = Object.entries(value)
    if (entries.length > maxProperties) return fail(xJson, 'x-json', `must NOT have more than ${maxProperties} properties`, path)
    for (const [key, item] of entries) {
      if (RESERVED_NAMES.has(key) || !FIELD_NAME.test(key)) {
        return fail(xJson, 'x-json', 'has a field name that is not allowed (a letter, then up to 63 letters, digits, _ or -)', path)
      }
      stack.push({ value: item, path: path + pointer(key), depth: depth + 1 })
    }
  }
  return true
}

/**
 * The custom schema keywords of the server, for Fastify's ajv (`ajv.customOptions.keywords`). Named `x-…` so the
 * OpenAPI document, which carries the schemas, stays valid.
 */
export const SCHEMA_KEYWORDS = [
  { keyword: 'x-text', type: 'string' as const, schemaType: 'string' as const, modifying: true, errors: true, validate: xText },
  { keyword: 'x-json', type: 'object' as const, schemaType: 'object' as const, errors: true, validate: xJson },
]
