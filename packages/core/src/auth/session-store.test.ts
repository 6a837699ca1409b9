import { describe, expect, it } from 'vitest'
import { createSessionStore } from './session-store'

describe('session store', () => {
  it('moves from idle to authenticated to signed out, forgetting user and token', () => {
    const store = createSessionStore()
    expect(store.getState()).toMatchObject({ status: 'idle', needsReauthentication: false })
    store.getState().setSession({ uid: 'u', email: 'e' }, 'tok')
    expect(store.getState()).toMatchObject({ status: 'authenticated', token: 'tok', user: { uid: 'u' } })
    store.getState().requestReauthentication()
    expect(store.getState().needsReauthentication).toBe(true)
    store.getState().clear()
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: undefined, token: undefined, needsReauthentication: false })
  })
})
