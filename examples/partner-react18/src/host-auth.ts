// The portal's own sign-in, as a partner with its own identity system has one: here Firebase Auth's REST API on the
// Auth emulator (no SDK). It keeps the session in localStorage, refreshes the ID token before it expires and tells
// subscribers when someone signs in or out (which the console's token adapter needs).
export interface HostUser {
  uid: string
  email: string | null
}

const AUTH: string = import.meta.env.VITE_HONU_AUTH ?? 'http://127.0.0.1:9099'
const KEY = 'demo-api-key'
const STORAGE_KEY = 'partner-portal-session'

interface Session extends HostUser {
  idToken: string
  refreshToken: string
  expiresAt: number
}

let session: Session | undefined = read()
/** One object per signed-in user (useSyncExternalStore compares snapshots by identity). */
let user: HostUser | undefined = session && { uid: session.uid, email: session.email }
const listeners = new Set<(user: HostUser | undefined) => void>()

function read(): Session | undefined {
  try {
    const text = localStorage.getItem(STORAGE_KEY)
    return text ? (JSON.parse(text) as Session) : undefined
  } catch {
    return undefined
  }
}

function store(next: Session | undefined) {
  session = next
  user = next && { uid: next.uid, email: next.email }
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
  else localStorage.removeItem(STORAGE_KEY)
  for (const listener of listeners) listener(user)
}

export const currentUser = (): HostUser | undefined => user

export async function signIn(email: string, password: string): Promise<void> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = (await response.json()) as {
    localId?: string
    email?: string
    idToken?: string
    refreshToken?: string
    expiresIn?: string
    error?: { message: string }
  }
  if (!response.ok || !body.idToken) throw new Error(body.error?.message ?? `Sign-in failed (${response.status})`)
  store({
    uid: body.localId!,
    email: body.email ?? email,
    idToken: body.idToken,
    refreshToken: body.refreshToken!,
    expiresAt: Date.now() + Number(body.expiresIn ?? 3600) * 1000,
  })
}

export async function signOut(): Promise<void> {
  store(undefined)
}

export async function getToken(options?: { forceRefresh?: boolean }): Promise<string | undefined> {
  if (!session) return undefined
  if (!options?.forceRefresh && session.expiresAt - Date.now() > 60_000) return session.idToken
  const response = await fetch(`${AUTH}/securetoken.googleapis.com/v1/token?key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refreshToken }),
  })
  if (!response.ok) {
    store(undefined)
    return undefined
  }
  const body = (await response.json()) as { id_token: string; refresh_token: string; expires_in: string }
  session = { ...session, idToken: body.id_token, refreshToken: body.refresh_token, expiresAt: Date.now() + Number(body.expires_in) * 1000 }
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session))
  return session.idToken
}

export function subscribe(listener: (user: HostUser | undefined) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
