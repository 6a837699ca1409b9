import type { StoryObj } from '@storybook/react-vite'
import { useLayoutEffect, useState } from 'react'
import { expect } from 'storybook/test'
import { MemoryRouter, useLocation, useNavigate } from 'react-router'
import { createConsoleClient, type AuthUser, type ConsoleClient, type TenantRecord, type Theme } from '@honu/core'
import { createStaticFlagSource } from '@honu/core/flags'
import {
  createFakeAuthAdapter,
  createFakeServer,
  createMemoryStorage,
  type FakeAnswer,
  type FakeAuthAdapter,
  type FakeAuthAdapterOptions,
  type FakeServer,
} from '@honu/core/testing'
import { ConsoleProvider, type WidgetRegistry } from '@honu/console-kit'
import { ConsoleRoutes } from '../routes/create-console-routes'
import type { ConsoleHostOptions } from '../navigation/host-options'

/** The args of {@link StoryConsole}: where it opens and what the fake server and identity provider know. */
export interface StoryConsoleProps {
  /** Where the memory router starts. */
  path: string
  /** The fake server's answers by `'METHOD /path'` (see {@link createFakeServer}). */
  server?: Record<string, FakeAnswer>
  /** Accounts the fake identity provider knows (e-mail, password, and an SMS code for a second factor). */
  accounts?: FakeAuthAdapterOptions['accounts']
  /** Signed in with the provider from the start; the console then loads `GET /api/v1/users/{uid}`. */
  signedInAs?: AuthUser
  /** Feature flags (all off by default). */
  flags?: Record<string, boolean>
  /** The tenant selected before the console starts (as a returning user has it stored). */
  tenant?: TenantRecord
  /** Widget types for the dashboards. */
  widgets?: WidgetRegistry
  /** The theme, kept whoever signs in (the console's default is dark). */
  theme?: Theme
  /** The host's language (`de-DE`…), as a host passes it to the provider. */
  locale?: string
  /** The host's sign-in and chrome options (`onSignInRequired`, `header`, `toastContainer`…). */
  host?: ConsoleHostOptions
}

/** The running console of the story on screen, for its play function to read and steer. */
export interface StoryConsoleHandle {
  client: ConsoleClient
  auth: FakeAuthAdapter
  server: FakeServer
  /** The memory router's current path. */
  path: string
  /** Goes elsewhere in the memory router, as a link would (a path with its query). */
  navigate(to: string): void
}

let current: StoryConsoleHandle | undefined

/** The console of the story being played (the last one mounted). */
export function storyConsole(): StoryConsoleHandle {
  if (!current) throw new Error('storyConsole(): no StoryConsole has been rendered.')
  return current
}

/** Rendered inside the router: reports where it is and how to go elsewhere. */
function RouterProbe({ report }: { report: (path: string, navigate: (to: string) => void) => void }) {
  const path = useLocation().pathname
  const navigate = useNavigate()
  useLayoutEffect(() => {
    report(path, (to) => void navigate(to))
  }, [report, path, navigate])
  return null
}

/**
 * The whole console (provider, routes, guards, layouts) in a memory router, against a fake server and the fake
 * identity provider of `@honu/core/testing`, with real timers: what the screen stories render. The story-side twin
 * of the unit tests' `consoleAt` (same fake server), without Testing Library.
 */
export function StoryConsole({ path, server, accounts, signedInAs, flags, tenant, widgets, theme, locale, host }: StoryConsoleProps) {
  const [handle] = useState<StoryConsoleHandle>(() => {
    const fake = createFakeServer(server)
    const auth = createFakeAuthAdapter({ accounts, initialUser: signedInAs })
    const client = createConsoleClient({
      api: { baseUrl: 'http://api.test', fetch: fake.fetch },
      auth,
      flags: createStaticFlagSource(flags ?? {}),
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    })
    if (tenant) client.tenant.getState().setTenant(tenant)
    if (theme) {
      // Each user's preferences replace the store's on sign-in: keep the story's theme through that.
      const keep = () => client.preferences.getState().theme !== theme && client.preferences.getState().setTheme(theme)
      keep()
      client.preferences.subscribe(keep)
    }
    return { client, auth, server: fake, path, navigate: () => undefined }
  })
  useLayoutEffect(() => {
    current = handle
  }, [handle])
  const [report] = useState(() => (at: string, navigate: (to: string) => void) => void Object.assign(handle, { path: at, navigate }))
  return (
    <ConsoleProvider client={handle.client} locale={locale}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes widgets={widgets} {...host} />
        <RouterProbe report={report} />
      </MemoryRouter>
    </ConsoleProvider>
  )
}

/**
 * The same story in the light theme (the console's other theme), so axe checks both themes' contrast; it also
 * checks that the console really drew itself light.
 */
export function inLightTheme<S extends StoryObj<typeof StoryConsole>>(story: S): S {
  return {
    ...story,
    args: { ...story.args, theme: 'light' },
    play: async (context) => {
      await story.play?.(context)
      await expect(context.canvasElement.querySelector('.honu-console')).toHaveAttribute('data-theme', 'light')
    },
  }
}
