// The heavy part of <honu-console> (React, the router, the console), loaded by the element's connectedCallback.
import { useEffect, useLayoutEffect, useRef } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { BrowserRouter, MemoryRouter, useLocation, useNavigate } from 'react-router'
import {
  consoleLogger,
  createConsoleClient,
  createHttpClient,
  createTokenAuthAdapter,
  THEMES,
  type Theme,
  type AuthUser,
  type ConsoleClient,
} from '@honu/core'
import { createHttpFlagSource } from '@honu/core/flags'
import { ConsoleProvider } from '@honu/console-kit'
import { ConsoleRoutes, type ConsoleRoutesOptions } from '../routes/create-console-routes'
import { PATHS } from '../navigation/paths'
import { attachConsoleShadow } from '../shadow/console-shadow-root'
import type { HonuConsoleElement } from './index'

/** What the element's light part calls on the mounted console. */
export interface MountedElement {
  /** An attribute (or `widgets`) changed. */
  update(attribute?: string): void
  /** `tokenProvider` changed: the host's user may have changed. */
  authChanged(): void
  unmount(): void
}

/** Attributes whose change needs a new console (client, router or route table). */
const REMOUNT = new Set(['api-base', 'base-path', 'header', 'sign-out', 'memory-router', undefined])

/** The user an ID token names (its payload's `user_id`/`sub` and `email`); the signature is the API's to check. */
export function userFromIdToken(token: string | undefined): AuthUser | undefined {
  if (!token) return undefined
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')
    const claims = JSON.parse(atob(payload.padEnd(payload.length + ((4 - (payload.length % 4)) % 4), '='))) as Record<string, unknown>
    const uid = (claims.user_id ?? claims.sub) as string | undefined
    if (typeof uid !== 'string' || !uid) return undefined
    return { uid, email: typeof claims.email === 'string' ? claims.email : null, displayName: typeof claims.name === 'string' ? claims.name : null }
  } catch {
    return undefined
  }
}

const emit = (element: HTMLElement, type: string, detail: unknown) =>
  element.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }))

/** Mounts the console into the element's shadow root; the element's attributes and properties drive it. */
export function mountElement(element: HonuConsoleElement): MountedElement {
  const container = attachConsoleShadow(element)
  const root: Root = createRoot(container)
  const listeners = new Set<(user: AuthUser | undefined) => void>()
  const token = async (options?: { forceRefresh?: boolean }) => {
    const provider = element.tokenProvider
    return provider ? ((await provider(options)) ?? undefined) : undefined
  }
  let client: ConsoleClient | undefined
  let generation = 0
  let signInAsked = false

  const newClient = () => {
    const apiBase = element.apiBase.replace(/\/+$/, '')
    const logger = {
      warn: consoleLogger.warn,
      error: (...args: unknown[]) => {
        consoleLogger.error(...args)
        const error = args.find((a) => a instanceof Error) ?? args[0]
        emit(element, 'error', { message: args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '), error })
      },
    }
    const adapter = createTokenAuthAdapter({
      getUser: async () => userFromIdToken(await token()),
      getToken: token,
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      signOut: async () => {
        if ((element.signOut ?? 'host') === 'host') emit(element, 'signed-out', {})
      },
    })
    const next = createConsoleClient({
      api: { baseUrl: apiBase },
      auth: adapter,
      flags: createHttpFlagSource({ http: createHttpClient(), url: `${apiBase}/api/v1/features` }),
      logger,
      locale: element.locale,
      // Each element its own storage keys, so two on a page (or the reference app on the same origin) never mix.
      namespace: `honu-element${element.id ? `-${element.id}` : ''}`,
    })
    // A new session is a new arrival: ask the host again when it ends.
    next.session.subscribe((state, previous) => {
      if (state.status === previous.status) return
      if (state.status === 'authenticated') signInAsked = false
    })
    return next
  }

  const askSignIn = (path: string) => {
    if (signInAsked) return
    signInAsked = true
    emit(element, 'sign-in-required', { path })
  }

  const render = () => {
    if (!client) return
    const basePath = element.basePath.replace(/\/+$/, '')
    const options = {
      embedded: true,
      widgets: element.widgets,
      areas: element.areas,
      onSignInRequired: askSignIn,
      onSignOut: () => {
        if (element.signOut === 'console') emit(element, 'signed-out', {})
      },
      ...(element.header ? { header: element.header } : {}),
      signOut: element.signOut === 'console' ? 'console' : 'host',
    } as ConsoleRoutesOptions
    const routes = (
      <>
        <ConsoleRoutes key={generation} {...options} />
        <HostBridge element={element} client={client} basePath={basePath} onSignedOut={askSignIn} />
      </>
    )
    root.render(
      <ConsoleProvider key={generation} client={client} locale={element.locale}>
        {element.memoryRouter ? (
          <MemoryRouter basename={basePath || undefined} initialEntries={[`${basePath}${PATHS.login}`]}>
            {routes}
          </MemoryRouter>
        ) : (
          <BrowserRouter basename={basePath || undefined}>{routes}</BrowserRouter>
        )}
      </ConsoleProvider>,
    )
  }

  const remount = () => {
    client?.stop()
    generation++
    client = newClient()
    render()
  }

  remount()
  return {
    update(attribute) {
      if (REMOUNT.has(attribute)) remount()
      else render()
    },
    authChanged() {
      void userFromToken().then((user) => {
        for (const listener of listeners) listener(user)
      })
    },
    unmount() {
      root.unmount()
      client?.stop()
      client = undefined
    },
  }

  async function userFromToken() {
    try {
      return userFromIdToken(await token())
    } catch (error) {
      emit(element, 'error', { message: error instanceof Error ? error.message : String(error), error })
      return undefined
    }
  }
}

/**
 * Inside the router: reports route changes (`navigate`), asks the host to sign in when the session is signed out,
 * applies the `theme` attribute, and opens the `tenant` the host names once signed in.
 */
function HostBridge({
  element,
  client,
  basePath,
  onSignedOut,
}: {
  element: HonuConsoleElement
  client: ConsoleClient
  basePath: string
  onSignedOut(path: string): void
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const path = `${basePath}${location.pathname === '/' ? '' : location.pathname}${location.search}${location.hash}` || '/'
  const pathRef = useRef(path)
  useLayoutEffect(() => {
    pathRef.current = path
  }, [path])

  useEffect(() => {
    emit(element, 'navigate', { path })
  }, [element, path])

  // The host's sign-in: the console's own option calls onSignedOut too; this covers a signed-out session anywhere.
  useEffect(() => {
    const check = () => {
      if (client.session.getState().status === 'signed-out') onSignedOut(pathRef.current)
    }
    check()
    return client.session.subscribe(check)
  }, [client, onSignedOut])

  const theme = element.theme
  useEffect(() => {
    if (!theme || !(THEMES as readonly string[]).includes(theme)) return
    const apply = () => {
      if (client.preferences.getState().theme !== theme) client.preferences.getState().setTheme(theme as Theme)
    }
    apply()
    // A user's stored choice loads at sign-in: the host's attribute wins while it is set.
    return client.preferences.subscribe(apply)
  }, [client, theme])

  const tenant = element.tenant
  useEffect(() => {
    if (!tenant) return
    let cancelled = false
    const open = async () => {
      if (client.session.getState().status !== 'authenticated') return
      if (client.tenant.getState().tenant?.tenant_id === tenant) return
      const found = (await client.v1.listTenants()).find((t) => t.tenant_id === tenant)
      if (!found || cancelled) return
      await client.selectTenant(found)
      leaveTenantChoice()
    }
    // The host names the tenant: its choice screen (where the guard sends a user without one) is skipped.
    const leaveTenantChoice = () => {
      if (!cancelled && client.tenant.getState().tenant?.tenant_id === tenant && /\/(tenant|login)$/.test(pathRef.current)) {
        navigate(PATHS.streams, { replace: true })
      }
    }
    const run = () =>
      void open().catch((error: unknown) => emit(element, 'error', { message: error instanceof Error ? error.message : String(error), error }))
    run()
    const unsubscribe = client.session.subscribe((state, previous) => {
      if (state.status !== previous.status) run()
    })
    return () => {
      cancelled = true
      unsubscribe()
    }
  }, [client, tenant, navigate, element])

  // The same when the guard has just sent the user to the tenant choice after the host's tenant was opened.
  useEffect(() => {
    if (tenant && client.tenant.getState().tenant?.tenant_id === tenant && /\/tenant$/.test(path)) navigate(PATHS.streams, { replace: true })
  }, [client, tenant, path, navigate])

  return null
}
