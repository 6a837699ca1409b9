import type { V1Client } from '../api/create-v1-client'
import type { AvatarOptions } from '../avatar/avatar'
import { loadAvatarUrl } from '../avatar/load-avatar-url'
import { ConsoleError } from '../errors/console-error'
import { messages } from '../errors/messages'
import { getRoles, type Permissions } from '../permissions/roles'
import type { Logger } from '../platform/logger'
import type { TenantStore } from '../stores/tenant-store'
import type { ToastStore } from '../stores/toast-store'
import type { AuthAdapter, AuthUser } from './auth-adapter'
import type { SessionStore } from './session-store'
import { specMessages } from '../i18n/spec-messages'
import type { I18nStore } from '../i18n/create-i18n-store'

/** Options of {@link createSessionUserLoader}. */
export interface SessionUserLoaderOptions {
  auth: AuthAdapter | undefined
  v1: Pick<V1Client, 'getUser'>
  session: SessionStore
  tenant: TenantStore
  toasts: ToastStore
  /** Words the toasts in the console's language; without it they are US English. */
  i18n?: I18nStore
  logger: Logger
  /** The token at sign-in (the token refresher's `current`). */
  getToken(): Promise<string | undefined>
  /**
   * Reads the user's stored state back into the stores (the console client's: their preferences, the selected
   * tenant, the stream sidebar, the workspaces). It runs alongside loading their record, and the session is signed
   * in once both are done, so the first screen after sign-in sees it. A failure counts as a failed load.
   */
  restore?(uid: string): Promise<unknown>
  avatar?: AvatarOptions
}

/** The user-record policy: when the console's own record of the signed-in user loads, and what a failure does. */
export interface SessionUserLoader {
  /**
   * The provider's user changed. Signed in only once the console's own user record has loaded: the guards decide
   * by its permissions. A 4xx on the record (the account is unknown to the console, spec §8) signs out with
   * 'Error logging in'; no answer or a 5xx keeps the provider's session as `load-failed`, to be retried.
   */
  load(user: AuthUser | undefined): Promise<void>
  /** Loads the signed-in user's record again and the roles for the selected tenant (every route change, spec §2). */
  sync(): Promise<void>
  /** After `load-failed` (else nothing): loads the record again; the 'Error logging in' retry, and the client's when the connection returns. */
  retry(): Promise<void>
}

/**
 * Creates the user-record policy of one console.
 *
 * @example
 * const users = createSessionUserLoader({ auth, v1, session, tenant, toasts, logger, getToken: tokens.current })
 * auth.onChange((user) => void users.load(user))
 */
export function createSessionUserLoader(options: SessionUserLoaderOptions): SessionUserLoader {
  const { auth, v1, session, tenant, toasts, logger } = options

  // The user's roles in the selected tenant come from the same record as their permissions.
  const applyRoles = (permissions: Permissions) => {
    const selected = tenant.getState().tenant
    if (selected) tenant.getState().setRoles(getRoles(permissions, selected.tenant_id))
  }

  const load = async (user: AuthUser | undefined) => {
    if (!user) {
      if (session.getState().status === 'mfa-required') return
      session.getState().clear()
      return
    }
    try {
      const [{ token, record }, avatarUrl] = await Promise.all([
        options.getToken().then(async (token) => ({ token, record: await v1.getUser(user.uid) })),
        loadAvatarUrl(),
        options.restore?.(user.uid),
      ])
      session.getState().setSession(
        {
          uid: user.uid,
          email: user.email,
          displayName: user.displayName,
          avatar: avatarUrl(user.email, options.avatar),
          permissions: record.permissions,
        },
        token,
      )
      applyRoles(record.permissions)
    } catch (error) {
      const status = ((error as { cause?: { status?: unknown } }).cause?.status ?? 0) as number
      if (status >= 400 && status < 500) {
        // The account is known to the provider but not to the console (or no longer): spec §8.
        logger.error(ConsoleError.is(error) ? error.message : messages.failedToFetchUserData)
        toasts.getState().show({ message: options.i18n?.getState().t(specMessages, 'errorLoggingIn') ?? messages.errorLoggingIn, tone: 'negative' })
        await auth?.signOut().catch(() => undefined)
        session.getState().setError(error)
      } else {
        // Server down, failing or slow: keep the provider's session; 'Error logging in' offers a retry, and the
        // retry runs by itself when the connection returns.
        session.setState({ status: 'load-failed', error })
      }
    }
  }

  const retry = async () => {
    if (session.getState().status !== 'load-failed') return
    session.getState().setLoading()
    await load(await auth?.getCurrentUser())
  }

  return {
    load,
    retry,
    async sync() {
      const uid = session.getState().user?.uid
      if (!uid) return
      const record = await v1.getUser(uid)
      session.getState().setUser({ permissions: record.permissions })
      applyRoles(record.permissions)
    },
  }
}
