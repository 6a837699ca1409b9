import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { initializeApp } from 'firebase/app'
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth'
import { createConsoleClient } from '@honu/core'
import { createFirebaseAuthAdapter } from '@honu/core/firebase'
import { createStaticFlagSource } from '@honu/core/flags'
import { Console } from '@honu/console-react'
import '@honu/console-react/styles.css'
import './app.css'
import { readHostConfig } from './host-config'

// Two independent consoles on one page, as a partner portal might embed them: each with its own Firebase app,
// client, storage namespace and in-memory router.
const config = readHostConfig(import.meta.env)

function makeClient(name: string) {
  const app = initializeApp(config.firebase, name)
  const auth = initializeAuth(app, { persistence: indexedDBLocalPersistence })
  if (config.authEmulator) {
    connectAuthEmulator(auth, config.authEmulator, { disableWarnings: true })
    auth.settings.appVerificationDisabledForTesting = true
  }
  return createConsoleClient({
    api: { baseUrl: config.apiBase },
    auth: createFirebaseAuthAdapter(auth),
    flags: createStaticFlagSource({ mission_planning: false }),
    namespace: `console-${name}`,
  })
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="two-consoles">
      <h1 className="two-consoles__title">Two consoles on one page</h1>
      {['a', 'b'].map((name) => (
        <section key={name} aria-label={`Console ${name.toUpperCase()}`} className="two-consoles__pane">
          <Console client={makeClient(name)} memoryRouter={{ initialEntries: ['/login'] }} embedded />
        </section>
      ))}
    </main>
  </StrictMode>,
)
