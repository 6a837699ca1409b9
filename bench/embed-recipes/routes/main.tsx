import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { consoleRoute } from '@honu/console-react/route'

// Recipe 1, React routes: a data router with one page of the host's and the console under /ops, loaded on the first
// visit (the client and @honu/core with it).
const router = createBrowserRouter([
  { path: '/', element: <p>Portal home</p> },
  consoleRoute({
    path: '/ops',
    embedded: true,
    client: async () => {
      const { createConsoleClient, createTokenAuthAdapter } = await import('@honu/core')
      return createConsoleClient({
        api: { baseUrl: 'https://api.example.com' },
        auth: createTokenAuthAdapter({ getUser: () => undefined, getToken: async () => undefined, subscribe: () => () => {} }),
      })
    },
  }),
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
