import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react'
import { Link, Outlet, useNavigate, useSearchParams } from 'react-router'
import * as auth from './host-auth'

const useHostUser = () => useSyncExternalStore(auth.subscribe, auth.currentUser, auth.currentUser)

/** The portal's own header on every page, the console's included. */
export function Layout() {
  const user = useHostUser()
  const navigate = useNavigate()
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header data-host="header" className="flex items-center gap-6 bg-indigo-700 px-6 py-3 text-white">
        <h1 data-host="title" className="text-lg">
          Partner Portal
        </h1>
        <nav data-host="nav" className="flex gap-4 text-sm">
          <Link to="/">Home</Link>
          <Link to="/video">Video</Link>
          <Link to="/ops/streams">Operations</Link>
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          {user ? (
            <>
              <span data-host="user">{user.email}</span>
              <button
                data-host="signout"
                type="button"
                className="rounded bg-white/20 px-3 py-1"
                onClick={() => void auth.signOut().then(() => navigate('/'))}
              >
                Sign out of the portal
              </button>
            </>
          ) : (
            <Link data-host="signin" to="/signin">
              Sign in
            </Link>
          )}
        </div>
      </header>
      <main className="p-6">
        <Outlet />
      </main>
    </div>
  )
}

/** A portal page that never opens the console: it must load none of the console's code. */
export function HomePage() {
  return (
    <section data-host="home" className="max-w-prose space-y-3">
      <h2 className="text-2xl">Welcome to the portal</h2>
      <p>Fleet reports, invoices and support live here. Operations opens the Honu console.</p>
      <p>
        <a data-host="link" href="https://example.com/help">
          Help centre
        </a>
      </p>
    </section>
  )
}

/** The portal's own sign-in page; after signing in it returns to where the user was sent from. */
export function SignInPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const user = useHostUser()
  const [error, setError] = useState<string>()
  const returnTo = params.get('returnTo') ?? '/'
  // Only paths of this portal, never another site.
  const target = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/'
  useEffect(() => {
    if (user) navigate(target, { replace: true })
  }, [user, target, navigate])
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setError(undefined)
    try {
      await auth.signIn(String(data.get('email')), String(data.get('password')))
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  return (
    <form data-host="signin-form" className="max-w-sm space-y-4" onSubmit={(event) => void submit(event)}>
      <h2 className="text-2xl">Sign in to the portal</h2>
      <label className="block">
        E-mail
        <input name="email" type="email" autoComplete="username" required className="block w-full" />
      </label>
      <label className="block">
        Password
        <input name="password" type="password" autoComplete="current-password" required className="block w-full" />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit" className="rounded bg-indigo-700 px-4 py-2 text-white">
        Sign in
      </button>
    </form>
  )
}
