import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { initializeApp } from 'firebase/app'
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth'
import { createConsoleClient, createHttpClient } from '@honu/core'
import { createFirebaseAuthAdapter } from '@honu/core/firebase'
import { createHttpFlagSource } from '@honu/core/flags'
import { Console, showStartupNotices, startConsole } from '@honu/console-react'
import { setMapDefaults, setVideoDefaults } from '@honu/widgets'
// hls.js's and MapLibre's workers as files of the app: the strict CSP allows no blob: workers.
import hlsWorkerPath from 'hls.js/dist/hls.worker.js?url'
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import '@honu/console-react/styles.css'
import '@honu/widgets/styles.css'
import './app.css'
import { readHostConfig } from './host-config'

const config = readHostConfig(import.meta.env)
/** How long the start-up health check waits before saying the server is not answering. */
const STARTUP_HEALTH_TIMEOUT_MS = 2500

void startConsole({
  steps: [
    // Firebase's e-mails link to its default action handler path; the console's lives at /auth/action.
    () => (location.pathname === '/__/auth/action' ? { redirect: `/auth/action${location.search}` } : undefined),
    () => {
      if (!document.getElementById('root')) throw new Error('No #root element to mount the console into.')
    },
  ],
  mount(notices) {
    const app = initializeApp(config.firebase)
    // No popup/redirect resolver: the console signs in with forms only, which keeps its CSP strict.
    const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] })
    if (config.authEmulator) {
      connectAuthEmulator(auth, config.authEmulator, { disableWarnings: true })
      // The emulator answers SMS codes without reCAPTCHA.
      auth.settings.appVerificationDisabledForTesting = true
    }
    const client = createConsoleClient({
      api: { baseUrl: config.apiBase },
      auth: createFirebaseAuthAdapter(auth),
      flags: createHttpFlagSource({ http: createHttpClient(), url: `${config.apiBase}/api/v1/features` }),
    })
    showStartupNotices(client, notices)
    // Tell the person early when the API is down, rather than on their first click; without holding the page for it
    // (a server that hangs must not keep it blank: the console mounts at once, and its banner follows the calls).
    void fetch(`${config.apiBase}/health`, { signal: AbortSignal.timeout(STARTUP_HEALTH_TIMEOUT_MS) })
      .then(
        (r) => r.ok,
        () => false,
      )
      .then((up) => up || showStartupNotices(client, ['The console’s server is not answering right now; data will load once it is back.']))
    // Page-wide settings of the widgets' workers: files of the app, named above (two setters, no React).
    setVideoDefaults({ hls: { workerPath: hlsWorkerPath } })
    // The site packs (land at harbour scale) of the seeded sites, from the reference server.
    setMapDefaults({ workerUrl: maplibreWorkerUrl, sitePacks: [`${config.apiBase}/api/v1/site-packs/index.json`] })
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        {/* The widget list (titles, icons) is needed only on the dashboards: it loads after sign-in. */}
        {/* The host's language: the configured one, else the browser's (a German browser gets German). */}
        <Console
          client={client}
          locale={config.locale ?? navigator.language}
          widgets={async () => (await import('@honu/widgets/registry')).widgetDefinitions}
        />
      </StrictMode>,
    )
  },
})
