import { useEffect, useState } from 'react'
import { WIDGET_TYPES } from '@honu/core/grid'
import { useConsoleClient, useFlags } from '@honu/console-react'
import { WidgetPlaceholder } from '@honu/widgets'

/** The reference app's first screen: API health, flags and the widget catalogue. */
export function App({ apiBase }: { apiBase: string }) {
  const client = useConsoleClient()
  const flags = useFlags((s) => s.flags)
  const [health, setHealth] = useState<'checking' | 'up' | 'down'>('checking')
  useEffect(() => {
    let live = true
    void client.ping().then((ok) => live && setHealth(ok ? 'up' : 'down'))
    return () => {
      live = false
    }
  }, [client])

  return (
    <main className="app" data-theme="dark">
      <h1>Honu Console</h1>
      <p role="status" data-state={health}>
        API at {apiBase}: {health === 'checking' ? 'checking…' : health === 'up' ? 'reachable' : 'not reachable'}
      </p>
      <h2>Feature flags</h2>
      <ul>
        {Object.entries(flags).map(([name, on]) => (
          <li key={name}>
            {name}: {on ? 'on' : 'off'}
          </li>
        ))}
      </ul>
      <h2>Widgets</h2>
      <div className="widgets">
        {WIDGET_TYPES.map((type) => (
          <WidgetPlaceholder key={type} type={type} />
        ))}
      </div>
    </main>
  )
}
