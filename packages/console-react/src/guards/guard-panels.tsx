import { Suspense, type ReactNode } from 'react'
import { lazyScreen } from '../ui/lazy-screen'
import { Loading } from '../ui/load-status'

// The guard's answers to what is rare (the host signs users in, the user record failed to load, the server cannot be
// reached): each in its own chunk, off the sign-in route's first load (scripts/measure-login-js.mjs), and fetched
// right after the first page shows ({@link preloadGuardPanels}), so each still shows at once when it is needed, the
// network gone included.
const HostSignIn = lazyScreen<{ path: string }>(async () => (await import('./host-sign-in')).HostSignIn)
const SessionLoadError = lazyScreen(async () => (await import('./session-load-error')).SessionLoadError)
const UnreachablePanel = lazyScreen(async () => (await import('./unreachable-panel')).UnreachablePanel)

const panel = (content: ReactNode) => <Suspense fallback={<Loading page />}>{content}</Suspense>

/** The host's sign-in, asked for `path` (see `HostSignIn`). */
export const hostSignInPanel = (path: string) => panel(<HostSignIn path={path} />)
/** 'Error logging in' with Retry (see `SessionLoadError`). */
export const sessionLoadErrorPanel = () => panel(<SessionLoadError />)
/** The server cannot be reached (see `UnreachablePanel`). */
export const unreachablePanel = () => panel(<UnreachablePanel />)

/** Loads the three panels' code now; a failure is met again, and shown, when one is needed. */
export const preloadGuardPanels = (): Promise<unknown> =>
  Promise.allSettled([HostSignIn.preload(), SessionLoadError.preload(), UnreachablePanel.preload()])
