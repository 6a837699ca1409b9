import { boolean, check, fallback, looseObject, number, object, optional, picklist, pipe, string, transform, type GenericSchema } from 'valibot'
import type { Tenant } from '../api/v1-types'
import { STREAM_SIDEBAR_OPEN_DEFAULT, STREAM_SPLITTER_DEFAULT } from '../constants/timing'
import type { Logger } from '../platform/logger'
import { objectMessage, restoreSlice } from '../platform/schema'
import type { StorageAdapter } from '../platform/storage-adapter'
import { DEFAULT_PREFERENCES, NOTIFICATION_PREFERENCES, THEMES, isLocale, preferencesKey, type UserPreferences } from './preferences-store'
import { clampPercent, STREAM_SIDEBAR_KEY } from './stream-view-store'
import { SELECTED_ORGANISATION_KEY, SELECTED_TENANT_KEY } from './tenant-store'

// What the stores keep in storage, read back through schemas. The stores import this module only when they restore,
// which the console client does once a user signs in: the sign-in page needs none of it, nor valibot (issue 12's
// budget, scripts/measure-login-js.mjs).

/** A stored organisation: its id and name, nothing else kept. */
const storedOrganisation = object({ id: string('{path} is not text'), name: string('{path} is not text') }, objectMessage('an organisation'))

/**
 * A stored tenant: its id and name must be text; the rest (networks, derived ranges) is kept as stored, as the
 * tenant list gave it.
 */
const storedTenant = looseObject(
  { tenant_id: string('{path} is not text'), name: string('{path} is not text') },
  objectMessage('a tenant'),
) as GenericSchema<unknown, Tenant>

/**
 * The stored sidebar state: a field of the wrong type takes its default and the other is kept (an older version may
 * have stored one of them only); a value that is not an object at all is ignored.
 */
const storedSidebar = object(
  {
    sidebarOpen: fallback(boolean(), STREAM_SIDEBAR_OPEN_DEFAULT),
    splitterModel: fallback(pipe(number(), transform(clampPercent)), STREAM_SPLITTER_DEFAULT),
  },
  objectMessage('the stream sidebar’s state'),
)

/**
 * Stored preferences: each field that is missing or of the wrong kind takes its default; a value that is not an
 * object at all is ignored with a warning (see `restoreSlice`).
 */
const storedPreferences = pipe(
  object(
    {
      notifications: fallback(picklist(NOTIFICATION_PREFERENCES), DEFAULT_PREFERENCES.notifications),
      theme: fallback(picklist(THEMES), DEFAULT_PREFERENCES.theme),
      locale: fallback(optional(pipe(string(), check<string>(isLocale))), undefined),
    },
    objectMessage('a set of preferences'),
  ),
  // Every field present, `locale` too when it is not stored: the store merges this over the previous user's.
  transform(({ notifications, theme, locale }): UserPreferences => ({ notifications, theme, locale })),
)

/** The stored tenant and organisation (session storage first, then local), each left out when none is usable. */
export function readTenantSelection(order: readonly StorageAdapter[], logger?: Logger) {
  const tenant = restoreSlice(SELECTED_TENANT_KEY, order, storedTenant, logger)
  const organisation = restoreSlice(SELECTED_ORGANISATION_KEY, order, storedOrganisation, logger)
  return { ...(tenant && { tenant }), ...(organisation && { organisation }) }
}

/** The stored stream sidebar state (session storage first, then local), or nothing when none is usable. */
export const readSidebar = (order: readonly StorageAdapter[], logger?: Logger) => restoreSlice(STREAM_SIDEBAR_KEY, order, storedSidebar, logger) ?? {}

/** A user's stored preferences, or `undefined` when they have none usable. */
export const readPreferences = (local: StorageAdapter, uid: string, logger?: Logger): UserPreferences | undefined =>
  restoreSlice(preferencesKey(uid), [local], storedPreferences, logger)
