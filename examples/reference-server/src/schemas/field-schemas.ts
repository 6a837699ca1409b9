import { FIELD_NAME, type JsonLimits } from './schema-keywords'

/**
 * The pieces every route's schema is built from, so one kind of value is checked the same way everywhere
 * (the rules themselves are in `text-rules.ts` and `schema-keywords.ts`). A 4xx names the field and the rule:
 * "Invalid request: body.name must not be blank."
 */

/** An id (stream, tenant, user, v2 record): letters, digits, `_` and `-`. Firebase uids fit (≤ 128). */
export const ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } as const

/** A tenant, or `*` for all tenants (role grants of a super admin). */
export const TENANT_SCOPE = { type: 'string', pattern: '^(?:\\*|[A-Za-z0-9_-]{1,128})$' } as const

/**
 * A display name: trimmed before it is stored ("  Bow  " is stored as "Bow"), never blank, one line, at most 200
 * characters, and no bidirectional override, isolate or zero-width characters. The same in v1 and v2.
 */
export const NAME = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  'x-text': 'line',
  description: 'Stored trimmed; not blank; one line; no NUL, lone surrogate, bidirectional control or zero-width character.',
} as const

/** A media address (a stream's source): trimmed, never blank, one line, at most 2048 characters. */
export const ADDRESS = {
  type: 'string',
  minLength: 1,
  maxLength: 2048,
  'x-text': 'line',
  description: 'Stored trimmed; not blank; one line; no NUL, lone surrogate, bidirectional control or zero-width character.',
} as const

/** An optional media address (a stream's proxy): as {@link ADDRESS}, or empty, or null. */
export const OPTIONAL_ADDRESS = {
  type: ['string', 'null'],
  maxLength: 2048,
  'x-text': 'line-or-empty',
  description: 'Stored trimmed; may be empty or null; one line; no NUL, lone surrogate, bidirectional control or zero-width character.',
} as const

/** An e-mail address (ajv's `email` format allows no spaces or control characters). */
export const EMAIL = { type: 'string', format: 'email', maxLength: 320 } as const

/** Free text of at most `maxLength` characters: no NUL, no lone surrogate, no control characters but line breaks and tabs. */
export const text = (maxLength: number) =>
  ({ type: 'string', maxLength, 'x-text': 'text', description: 'No NUL, lone surrogate or control character but tab and line breaks.' }) as const

/** A field name in a document or filter (see {@link FIELD_NAME}). */
export const FIELD = { type: 'string', pattern: FIELD_NAME.source } as const

/** Limits of a stored v2 record: about a page of JSON, never a tree deep enough to hurt anyone reading it. */
export const V2_RECORD_LIMITS: JsonLimits = { maxDepth: 8, maxStringLength: 4096, maxItems: 256, maxProperties: 50 }

/**
 * A v2 record as sent on create and update: any fields within {@link V2_RECORD_LIMITS}; the ones with a meaning
 * to the server are typed (an id that fails its pattern is refused, never replaced).
 */
export const V2_RECORD = {
  type: 'object',
  maxProperties: V2_RECORD_LIMITS.maxProperties,
  properties: { id: ID, organisation_id: ID, campaign_id: ID, mission_id: ID, name: NAME },
  'x-json': V2_RECORD_LIMITS,
  description:
    'Any fields (a letter, then letters, digits, _ or -), nested at most 8 levels, at most 256 items per array and 4096 ' +
    'characters per string, with no NUL, lone surrogate or control character but tab and line breaks.',
} as const

/**
 * The permission names of a mission-planning role map (spec §6: a user "has super_admin, or the Organisation
 * permission for a given action"; other names are not shown, and nothing in the server reads any other), and the
 * actions each may hold. A map naming anything else is refused, never stored: `{"roles":["read"]}` once replaced a
 * member's Organisation roles with a permission nothing reads (issue 22).
 */
export const ORGANISATION_PERMISSIONS = ['Organisation'] as const
export const ORGANISATION_ACTIONS = ['read', 'write', 'admin'] as const

/** A mission-planning role map (`PUT user/{a}/{b}/{c}/role`): known permission → known actions. */
export const V2_ROLES = {
  type: 'object',
  maxProperties: 20,
  // The pattern first: a name that is no field name at all says so; a well-formed unknown one is named as such.
  propertyNames: { allOf: [FIELD, { enum: [...ORGANISATION_PERMISSIONS] }] },
  additionalProperties: { type: 'array', maxItems: 20, items: { type: 'string', enum: [...ORGANISATION_ACTIONS] } },
  description: `Permission → actions. Permissions: ${ORGANISATION_PERMISSIONS.join(', ')}; actions: ${ORGANISATION_ACTIONS.join(', ')}.`,
} as const

/** A v2 list's filters: `?field=value`, at most 20, each value free text of at most 200 characters. */
export const V2_FILTERS = { type: 'object', maxProperties: 20, propertyNames: FIELD, additionalProperties: text(200) } as const
