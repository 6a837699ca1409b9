import { describe, expect, it, vi } from 'vitest'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { createTokenRefresher } from './create-token-refresher'
import { createSessionStore } from './session-store'

const setup = () => {
  const auth = createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'ada@x.io' } })
  const session = createSessionStore()
  const resetAll = vi.fn(() => session.getState().clear())
  const logger = { warn: vi.fn(), error: vi.fn() }
  const tokens = createTokenRefresher({ auth, session, scheduler: createManualScheduler(), logger, resetAll })
  return { auth, session, resetAll, tokens }
}

describe('createTokenRefresher', () => {
  it('hands out the provider token and mirrors it into the session only while signed in', async () => {
    const { session, tokens } = setup()
    session.getState().setLoading()
    const first = await tokens.current()
    expect(first).toMatch(/^fake-token-u1-/)
    expect(session.getState().token).toBeUndefined()
    session.getState().setSession({ uid: 'u1', email: 'ada@x.io' }, first)
    const next = await tokens.current()
    expect(session.getState().token).toBe(next)
  })

  it('a first 401 shares one refresh between the calls refused together; a second one ends the session', async () => {
    const { auth, session, resetAll, tokens } = setup()
    session.getState().setSession({ uid: 'u1', email: 'ada@x.io' }, await tokens.current())
    await expect(Promise.all([tokens.onUnauthorized(false), tokens.onUnauthorized(false)])).resolves.toEqual([true, true])
    expect(auth.refreshCount).toBe(1)
    await expect(tokens.onUnauthorized(true)).resolves.toBe(false)
    expect(resetAll).toHaveBeenCalledTimes(1)
    expect(session.getState()).toMatchObject({ status: 'signed-out', notice: 'session-ended' })
    expect(await auth.getCurrentUser()).toBeUndefined()
  })
})
