import {
  confirmPasswordReset,
  EmailAuthProvider,
  getMultiFactorResolver,
  onAuthStateChanged,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  reauthenticateWithCredential,
  RecaptchaVerifier,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  TotpMultiFactorGenerator,
  updatePassword,
  verifyPasswordResetCode,
  type ApplicationVerifier,
  type Auth,
  type MultiFactorError,
  type MultiFactorResolver,
  type PhoneMultiFactorInfo,
  type User,
} from 'firebase/auth'
import type { AuthAdapter, AuthUser, MfaHint } from '../auth/auth-adapter'
import { MfaRequiredError } from '../auth/mfa-required-error'
import { AuthError } from '../errors/auth-error'

/** Options of {@link createFirebaseAuthAdapter}. */
export interface FirebaseAuthAdapterOptions {
  /**
   * Makes the app verifier SMS codes need. Default: an invisible reCAPTCHA in a hidden element appended to the
   * page when the first code is sent (never at import). Against the emulator, set
   * `auth.settings.appVerificationDisabledForTesting = true` first.
   */
  createVerifier?: (auth: Auth) => ApplicationVerifier
}

const toUser = (user: User): AuthUser => ({ uid: user.uid, email: user.email, displayName: user.displayName })

function defaultVerifier(auth: Auth): ApplicationVerifier {
  // Browser-only code path, reached when the first SMS code is sent.
  const doc = (globalThis as { document?: Document }).document
  if (!doc) throw new AuthError({ code: 'auth/unsupported', message: 'SMS codes need a browser.' })
  let container = doc.getElementById('honu-recaptcha')
  if (!container) {
    container = doc.createElement('div')
    container.id = 'honu-recaptcha'
    container.hidden = true
    doc.body.appendChild(container)
  }
  return new RecaptchaVerifier(auth, container, { size: 'invisible' })
}

/**
 * The Firebase implementation of `AuthAdapter`: password sign-in, SMS and TOTP second factors through Firebase's
 * multi-factor resolver, password reset and change. The host passes its own `Auth` (`getAuth(app)` or
 * `initializeAuth`); core never initialises Firebase.
 *
 * @example
 * const auth = getAuth(app)
 * const client = createConsoleClient({ api, auth: createFirebaseAuthAdapter(auth) })
 */
export function createFirebaseAuthAdapter(
  auth: Auth,
  options: FirebaseAuthAdapterOptions = {},
): AuthAdapter & Required<Pick<AuthAdapter, 'sendMfaCode' | 'resolveMfa' | 'hasPendingMfa'>> {
  let resolver: MultiFactorResolver | undefined
  let verificationId: string | undefined
  let verifier: ApplicationVerifier | undefined

  const hintOf = (uid: string) => resolver?.hints.find((h) => h.uid === uid)

  return {
    async getCurrentUser() {
      await auth.authStateReady()
      return auth.currentUser ? toUser(auth.currentUser) : undefined
    },
    onChange: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toUser(user) : undefined)),
    async getIdToken(o) {
      return auth.currentUser ? auth.currentUser.getIdToken(o?.forceRefresh) : undefined
    },
    async signIn({ email, password }) {
      resolver = undefined
      verificationId = undefined
      try {
        return toUser((await signInWithEmailAndPassword(auth, email, password)).user)
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/multi-factor-auth-required') throw error
        resolver = getMultiFactorResolver(auth, error as MultiFactorError)
        const hints: MfaHint[] = resolver.hints.map((h) => ({
          uid: h.uid,
          factorId: h.factorId === TotpMultiFactorGenerator.FACTOR_ID ? 'totp' : 'phone',
          displayName: h.displayName,
          phoneNumber: (h as PhoneMultiFactorInfo).phoneNumber ?? null,
        }))
        throw new MfaRequiredError(hints, error)
      }
    },
    hasPendingMfa: () => resolver !== undefined,
    async sendMfaCode(hint) {
      const info = hintOf(hint.uid)
      if (!resolver || !info) throw new AuthError({ code: 'auth/no-mfa-pending', message: 'No second-factor challenge is pending.' })
      if (hint.factorId === 'totp') return
      verifier ??= (options.createVerifier ?? defaultVerifier)(auth)
      verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber({ multiFactorHint: info, session: resolver.session }, verifier)
    },
    async resolveMfa(hint, code) {
      if (!resolver) throw new AuthError({ code: 'auth/no-mfa-pending', message: 'No second-factor challenge is pending.' })
      const assertion =
        hint.factorId === 'totp'
          ? TotpMultiFactorGenerator.assertionForSignIn(hint.uid, code)
          : PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId ?? '', code))
      const credential = await resolver.resolveSignIn(assertion)
      resolver = undefined
      verificationId = undefined
      return toUser(credential.user)
    },
    sendPasswordResetEmail: (email) => sendPasswordResetEmail(auth, email),
    verifyPasswordResetCode: (code) => verifyPasswordResetCode(auth, code),
    confirmPasswordReset: (code, newPassword) => confirmPasswordReset(auth, code, newPassword),
    async changePassword(newPassword) {
      if (!auth.currentUser) throw new AuthError({ code: 'auth/no-user', message: 'Nobody is signed in.' })
      await updatePassword(auth.currentUser, newPassword)
    },
    async reauthenticate(currentPassword) {
      const user = auth.currentUser
      if (!user?.email) throw new AuthError({ code: 'auth/no-user', message: 'Nobody is signed in.' })
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword))
    },
    async signOut() {
      resolver = undefined
      verificationId = undefined
      await signOut(auth)
    },
  }
}
