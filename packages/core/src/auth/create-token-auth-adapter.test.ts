import { describe, expect, it } from 'vitest'
import type { AuthUser } from './auth-adapter'
import { createTokenAuthAdapter, type TokenAuthAdapterOptions } from './create-token-auth-adapter'

/** A host's identity system in miniature: a user, and listeners told when it changes. */
function createPortal(initial?: AuthUser) {
  let user = initial
  const listeners = new Set<(user: AuthUser | undefined) => void>()
  return {
    options: {
      getUser: () => user,
      getToken: async () => (user ? `token-of-${user.uid}` : undefined),
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    } satisfies TokenAuthAdapterOptions,
    signIn(next: AuthUser) {
      user = next
      for (const listener of listeners) listener(user)
    },
    get listeners() {
      return listeners.size
    },
  }
}

describe('createTokenAuthAdapter', () => {
  it('says the host owns sign-in, and refuses a password sign-in', async () => {
    const adapter = createTokenAuthAdapter(createPortal().options)
    expect(adapter.hostSignIn).toBe(true)
    await expect(adapter.signIn({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ code: 'auth/unsupported' })
    // No reset or second-factor capability: the console has no form for them.
    expect(adapter.sendPasswordResetEmail).toBeUndefined()
    expect(adapter.resolveMfa).toBeUndefined()
  })

  it("follows the host's sign-in through subscribe, and unsubscribes", async () => {
    const portal = createPortal()
    const adapter = createTokenAuthAdapter(portal.options)
    const seen: (string | undefined)[] = []
    const stop = adapter.onChange((user) => seen.push(user?.uid))
    await Promise.resolve()
    expect(seen).toEqual([undefined])
    portal.signIn({ uid: 'u1', email: 'u1@portal.test' })
    expect(seen).toEqual([undefined, 'u1'])
    expect(await adapter.getIdToken()).toBe('token-of-u1')
    stop()
    expect(portal.listeners).toBe(0)
  })

  it('requires subscribe in its options type', () => {
    const { subscribe: _omitted, ...withoutSubscribe } = createPortal().options
    // @ts-expect-error subscribe is required: without it the console would not notice the host's sign-in.
    const options: TokenAuthAdapterOptions = withoutSubscribe
    expect(options).not.toHaveProperty('subscribe')
  })

  it("signs the host out through the host's own signOut", async () => {
    let signedOut = 0
    const adapter = createTokenAuthAdapter({ ...createPortal().options, signOut: async () => void signedOut++ })
    await adapter.signOut()
    expect(signedOut).toBe(1)
  })
})
