import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { MemoryRouter } from 'react-router'
import { createConsoleClient } from '@honu/core'
import { createFakeAuthAdapter, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '../provider/console-provider'
import { ConsoleRoutes } from '../routes/create-console-routes'

/**
 * The console meeting a server that does not answer (nothing listens on port 1): the connection banner, lists in
 * their error state, 'Error logging in', and the sign-in page after the server ended the session.
 */
function Recovery({ path, signedIn, ended }: { path: string; signedIn: 'provider' | 'console' | 'no'; ended?: boolean }) {
  const [client] = useState(() => {
    const created = createConsoleClient({
      api: { baseUrl: 'http://127.0.0.1:1' },
      auth: signedIn === 'provider' ? createFakeAuthAdapter({ initialUser: { uid: 'demo', email: 'demo@honu.test' } }) : undefined,
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    })
    if (signedIn === 'console') created.tenant.getState().setTenant({ tenant_id: 'alpha', name: 'Alpha Harbour' })
    return created
  })
  // After the provider started the client (a child's effect runs first), which reset the session to signed out.
  useEffect(() => {
    if (signedIn === 'console') {
      client.session.getState().setSession({ uid: 'demo', email: 'demo@honu.test', permissions: { alpha: ['writer'] } }, 'token')
    }
    if (ended) client.session.setState({ notice: 'session-ended' })
  }, [client, signedIn, ended])
  return (
    <ConsoleProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes embedded />
      </MemoryRouter>
    </ConsoleProvider>
  )
}

const meta = { title: 'Console/Recovery', component: Recovery } satisfies Meta<typeof Recovery>
export default meta
type Story = StoryObj<typeof meta>

/** The stream list cannot load; the banner says so once and keeps probing (Retry now probes at once). */
export const ServerUnreachable: Story = { args: { path: '/streams', signedIn: 'console' } }
/** Signed in with the provider, but the user record does not load: 'Error logging in' with Retry. */
export const ErrorLoggingIn: Story = { args: { path: '/login', signedIn: 'provider' } }
/** The server refused the session: the sign-in page says it ended. */
export const SessionEnded: Story = { args: { path: '/login', signedIn: 'no', ended: true } }
