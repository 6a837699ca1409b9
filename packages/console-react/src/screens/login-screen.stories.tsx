import type { Meta, StoryObj } from '@storybook/react-vite'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { createConsoleClient } from '@honu/core'
import { createFakeAuthAdapter, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '../provider/console-provider'
import { createConsoleRoutes } from '../routes/create-console-routes'

/** The console's own routes in a memory router, signed out: the login screen, with a fake identity provider. */
function ConsoleAt({ path }: { path: string }) {
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:8080' },
    auth: createFakeAuthAdapter({ accounts: [{ uid: 'demo', email: 'demo@honu.test', password: 'demo-pass' }] }),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
  })
  const router = createMemoryRouter(createConsoleRoutes({ embedded: true }), { initialEntries: [path] })
  return (
    <ConsoleProvider client={client}>
      <RouterProvider router={router} />
    </ConsoleProvider>
  )
}

const meta = { title: 'Console/Screens', component: ConsoleAt } satisfies Meta<typeof ConsoleAt>
export default meta
type Story = StoryObj<typeof meta>

/** Try a wrong password to see the error and the 'Error logging in' toast. */
export const Login: Story = { args: { path: '/login' } }
export const ForgotPassword: Story = { args: { path: '/auth/action' } }
export const SecondFactorWithoutChallenge: Story = { args: { path: '/mfasignin' } }
export const NotFound: Story = { args: { path: '/no/such/page' } }
