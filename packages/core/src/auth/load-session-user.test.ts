import { describe, expect, it, vi } from 'vitest'
import { ConsoleError } from '../errors/console-error'
import { HttpError } from '../errors/http-error'
import { failedToFetchUserData } from '../errors/messages'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createTenantStore } from '../stores/tenant-store'
import { createToastStore } from '../stores/toast-store'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { createSessionUserLoader } from './load-session-user'
import { createSessionStore } from './session-store'

const ada = { uid: 'u1', email: 'ada@x.io' }

/** The loader over fakes; `record` is what the user-record call does (the v1 client's own errors, as it throws them). */
function setup(record: () => Promise<{ permissions: Record<string, string[]> }>) {
  const auth = createFakeAuthAdapter({ initialUser: ada })
  const session = createSessionStore()
  const toasts = createToastStore(createManualScheduler())
  const logger = { warn: vi.fn(), error: vi.fn() }
  const loader = createSessionUserLoader({
    auth,
    v1: { getUser: vi.fn(record) as never },
    session,
    tenant: createTenantStore({ local: createMemoryStorage(), session: createMemoryStorage() }),
    toasts,
    logger,
    getToken: async () => 'token',
  })
  return { auth, session, toasts, logger, loader }
}

/** A failed user-record call as `v1.getUser` throws it: 'Failed to fetch user data' with the HTTP error as its cause. */
const failed = (status: number) =>
  new ConsoleError({
    code: 'user/fetch-failed',
    message: failedToFetchUserData(status ? 'not today' : undefined),
    cause: new HttpError({ code: status ? 'http/status' : 'http/network', message: 'failed', status }),
  })

describe("the user record after sign-in (spec §8: 'Error logging in', and the user is signed out)", () => {
  it.each([401, 403, 404, 422])("a %i: 'Error logging in' (negative), signed out of the provider, the session in error", async (status) => {
    const { auth, session, toasts, logger, loader } = setup(() => Promise.reject(failed(status)))
    await loader.load(ada)
    expect(toasts.getState().toasts).toMatchObject([{ message: 'Error logging in', tone: 'negative' }])
    expect(await auth.getCurrentUser()).toBeUndefined()
    expect(session.getState().status).toBe('error')
    expect(session.getState().user).toBeUndefined()
    expect(logger.error).toHaveBeenCalledWith('Failed to fetch user data: not today')
  })

  // The deliberate difference (docs/spec-reading.md): a server that fails or cannot be reached keeps the
  // provider's session, and 'Error logging in' is the page with a Retry instead of a sign-out.
  it.each([500, 503, 0])('a %i (0: no answer): load-failed, still signed in with the provider, no toast', async (status) => {
    const { auth, session, toasts, loader } = setup(() => Promise.reject(failed(status)))
    await loader.load(ada)
    expect(session.getState().status).toBe('load-failed')
    expect(await auth.getCurrentUser()).toMatchObject({ uid: 'u1' })
    expect(toasts.getState().toasts).toEqual([])
  })

  it('the retry after a failed load signs in once the record loads', async () => {
    let fail = true
    const { session, loader } = setup(() => (fail ? Promise.reject(failed(500)) : Promise.resolve({ permissions: { t1: ['reader'] } })))
    await loader.load(ada)
    fail = false
    await loader.retry()
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: { uid: 'u1', permissions: { t1: ['reader'] } }, token: 'token' })
  })
})
