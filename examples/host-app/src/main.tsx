import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createConsoleClient, createHttpClient } from '@honu/core'
import { createHttpFlagSource } from '@honu/core/flags'
import { ConsoleProvider } from '@honu/console-react'
import '@honu/widgets/styles.css'
import './app.css'
import { App } from './app'

const apiBase = import.meta.env.VITE_HONU_API ?? 'http://127.0.0.1:8080'

const client = createConsoleClient({
  api: { baseUrl: apiBase },
  flags: createHttpFlagSource({ http: createHttpClient(), url: `${apiBase}/api/v1/features` }),
})

const root = document.getElementById('root')
if (!root) {
  console.error('[@honu/host-app] no #root element; the console was not mounted.')
} else {
  createRoot(root).render(
    <StrictMode>
      <ConsoleProvider client={client}>
        <App apiBase={apiBase} />
      </ConsoleProvider>
    </StrictMode>,
  )
}
