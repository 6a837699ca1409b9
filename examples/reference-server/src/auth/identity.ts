import { initializeApp, deleteApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'

/** How the server checks ID tokens. */
export type AuthMode = 'firebase' | 'emulator'

/** Options of {@link createIdentity}. */
export interface IdentityOptions {
  mode: AuthMode
  projectId: string
  /** `host:port` of the Auth emulator; required in emulator mode. */
  emulatorHost?: string
}

/** The verified caller of a request. */
export interface Caller {
  uid: string
  email?: string
}

/** The server's view of the identity provider: token checks and account management. */
export interface Identity {
  readonly mode: AuthMode
  /** Verifies an ID token, refusing revoked tokens and deleted users. Rejects on any failure. */
  verify(token: string): Promise<Caller>
  /** Creates a sign-in account (or finds the one with this e-mail) and answers its uid. */
  ensureUser(user: { email: string; name?: string; password?: string; uid?: string; mfaPhone?: string }): Promise<string>
  /** Deletes a sign-in account; a missing one is not an error. */
  deleteUser(uid: string): Promise<void>
  close(): Promise<void>
}

/** The JOSE header of a JWT, without trusting anything in it. */
function tokenAlgorithm(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown }
    return typeof header.alg === 'string' ? header.alg : undefined
  } catch {
    return undefined
  }
}

/**
 * Firebase Admin over a real project (tokens verified with Google's public keys) or, only when `mode` is
 * `emulator`, over the Auth emulator, whose tokens are unsigned.
 */
export function createIdentity(options: IdentityOptions): Identity {
  if (options.mode === 'emulator') {
    if (!options.emulatorHost) throw new Error('Emulator mode needs the Auth emulator address (FIREBASE_AUTH_EMULATOR_HOST).')
    // firebase-admin reads this variable to talk to the emulator and to accept its unsigned tokens.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  }
  const app: App = initializeApp({ projectId: options.projectId }, `honu-reference-${Math.random().toString(36).slice(2)}`)
  const auth: Auth = getAuth(app)

  return {
    mode: options.mode,
    async verify(token) {
      // Outside emulator mode, an unsigned token is refused before anything else looks at it, even if the
      // emulator variable happens to be set in this process.
      if (options.mode !== 'emulator' && tokenAlgorithm(token) !== 'RS256') {
        throw new Error('Token is not signed.')
      }
      const decoded = await auth.verifyIdToken(token, true)
      return { uid: decoded.uid, email: decoded.email }
    },
    async ensureUser({ email, name, password, uid, mfaPhone }) {
      try {
        return (await auth.getUserByEmail(email)).uid
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      }
      try {
        const created = await auth.createUser({ email, displayName: name || undefined, password, uid, emailVerified: !!mfaPhone })
        if (mfaPhone) {
          await auth.updateUser(created.uid, {
            multiFactor: { enrolledFactors: [{ uid: `${created.uid}-phone`, factorId: 'phone', phoneNumber: mfaPhone, displayName: 'Work phone' }] },
          })
        }
        return created.uid
      } catch (error) {
        // Created meanwhile by another request (or another server on the same project): use that account.
        const code = (error as { code?: string }).code
        if (code === 'auth/email-already-exists' || code === 'auth/uid-already-exists') {
          return (await auth.getUserByEmail(email)).uid
        }
        throw error
      }
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid)
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      }
    },
    close: () => deleteApp(app),
  }
}
