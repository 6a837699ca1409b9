// The portal's identity, kept to the minimum: the Auth emulator's REST sign-in (project demo-honu), the ID token
// in this tab's session storage. A real portal has its own provider; the console only needs the token.
const AUTH = `${import.meta.env.VITE_HONU_AUTH ?? 'http://127.0.0.1:9099'}/identitytoolkit.googleapis.com/v1`
const KEY = 'demo-api-key'
const STORAGE_KEY = 'portal.idToken'
const listeners = new Set()

export const currentToken = () => sessionStorage.getItem(STORAGE_KEY) ?? undefined

export async function signIn(email, password) {
  const response = await fetch(`${AUTH}/accounts:signInWithPassword?key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = await response.json()
  if (!response.ok) throw new Error(body.error?.message === 'INVALID_LOGIN_CREDENTIALS' ? 'Wrong e-mail or password.' : 'Sign-in failed.')
  sessionStorage.setItem(STORAGE_KEY, body.idToken)
  for (const listener of listeners) listener(body.idToken)
}

export function signOut() {
  sessionStorage.removeItem(STORAGE_KEY)
  for (const listener of listeners) listener(undefined)
}

export function onAuthChange(listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
