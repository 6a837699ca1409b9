import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { consoleRoute } from '@honu/console-react/route'
// MapLibre's worker as a file of the portal (its CSP allows no blob: worker); the widgets are told on load.
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import * as auth from './host-auth'
import { HomePage, Layout, SignInPage } from './pages'
import './index.css'

const API: string = import.meta.env.VITE_HONU_API ?? 'http://127.0.0.1:8080'

const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, Component: HomePage },
      { path: 'signin', Component: SignInPage },
      // The video page's code (the widgets) loads only when it is opened.
      { path: 'video', lazy: async () => ({ Component: (await import('./video-page')).VideoPage }) },
      // The console under /ops: its code (and @honu/core's) loads on the first visit.
      consoleRoute({
        path: '/ops',
        embedded: true,
        // In a shadow root: the portal's Tailwind preflight and old reset cannot reach the console (and it brings
        // its styles with it: no styles.css import).
        isolate: true,
        locale: 'en-US',
        // The host owns sign-in: a signed-out visit goes to the portal's own page, and comes back after it.
        onSignInRequired: (path) => void router.navigate(`/signin?returnTo=${encodeURIComponent(path)}`),
        // The console's "Sign out" signs the portal out too, then the portal shows its home page.
        signOut: 'host',
        onSignOut: () => void router.navigate('/'),
        // The portal's own area (a route, its link, a widget type, German strings, a style sheet), loaded with the console.
        areas: async () => [(await import('./fleet-notes/area')).fleetNotesArea],
        widgets: async () => {
          const [{ widgetDefinitions }, { setMapDefaults }] = await Promise.all([import('@honu/widgets/registry'), import('@honu/widgets')])
          setMapDefaults({ workerUrl: maplibreWorkerUrl })
          return widgetDefinitions
        },
        client: async () => {
          const { createConsoleClient, createTokenAuthAdapter } = await import('@honu/core')
          return createConsoleClient({
            api: { baseUrl: API },
            namespace: 'partner',
            auth: createTokenAuthAdapter({ getUser: auth.currentUser, getToken: auth.getToken, subscribe: auth.subscribe, signOut: auth.signOut }),
          })
        },
      }),
    ],
  },
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
