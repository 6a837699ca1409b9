// The page's own sign-in, as a team with its own identity system has one: Firebase Auth's REST API on the Auth
// emulator of the test stack (no SDK). The player only needs a function that returns the user's ID token.
const AUTH = import.meta.env.VITE_HONU_AUTH ?? 'http://127.0.0.1:9099'
const KEY = import.meta.env.VITE_HONU_AUTH_KEY ?? 'demo-api-key'

let session

export async function signIn(email, password) {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = await response.json()
  if (!response.ok || !body.idToken) throw new Error(body.error?.message ?? `Sign-in failed (${response.status})`)
  session = {
    email: body.email ?? email,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    expiresAt: Date.now() + Number(body.expiresIn ?? 3600) * 1000,
  }
  return session.email
}

/** The ID token, refreshed a minute before it expires; undefined when signed out. */
export async function idToken() {
  if (!session) return undefined
  if (session.expiresAt - Date.now() > 60_000) return session.idToken
  const response = await fetch(`${AUTH}/securetoken.googleapis.com/v1/token?key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refreshToken }),
  })
  if (!response.ok) return undefined
  const body = await response.json()
  session = { ...session, idToken: body.id_token, refreshToken: body.refresh_token, expiresAt: Date.now() + Number(body.expires_in) * 1000 }
  return session.idToken
}
