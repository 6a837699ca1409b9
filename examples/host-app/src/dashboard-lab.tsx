import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createConsoleClient } from '@honu/core'
import { createWorkspaceActions } from '@honu/core/grid'
import { ConsoleProvider, Dashboard, DashboardToolbar, type WidgetProps } from '@honu/console-react'
import { setMapDefaults, setVideoDefaults, widgetDefinitions } from '@honu/widgets'
// The widgets' workers as files of the app, as the console's page names them (the CSP allows no blob: worker).
import hlsWorkerPath from 'hls.js/dist/hls.worker.js?url'
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import '@honu/console-react/styles.css'
import '@honu/widgets/styles.css'
import './app.css'

setVideoDefaults({ hls: { workerPath: hlsWorkerPath } })
setMapDefaults({ workerUrl: maplibreWorkerUrl })

// A dashboard outside the signed-in console, for trying widgets in isolation: the Vehicle widget here is one
// that always throws, to show that a crashing widget leaves the others working.
function BrokenVehicle({ widget }: WidgetProps): never {
  throw new Error(`${widget.name} failed on purpose`)
}
const widgets = widgetDefinitions.map((definition) =>
  definition.type === 'Vehicle' ? { ...definition, load: async () => ({ default: BrokenVehicle }) } : definition,
)

const client = createConsoleClient({ api: { baseUrl: 'http://127.0.0.1:8080' }, namespace: 'dashboard-lab' })
const actions = createWorkspaceActions(client.grid)
if (client.grid.getState().workspaces['mission-review'].items.length === 0) {
  actions.add('mission-review', { id: 'map', type: 'Map', name: 'Harbour map' })
  actions.add('mission-review', { id: 'broken', type: 'Vehicle', name: 'Broken vehicle' })
  actions.add('mission-review', { id: 'review', type: 'MissionReviewInformation', name: 'Review' })
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleProvider client={client}>
      <main className="honu-console" data-theme="dark">
        <h1>Dashboard lab</h1>
        <DashboardToolbar workspace="mission-review" registry={widgets} />
        <Dashboard workspace="mission-review" label="Lab dashboard" registry={widgets} />
      </main>
    </ConsoleProvider>
  </StrictMode>,
)
