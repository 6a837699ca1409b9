import { useId } from 'react'
import { useConsoleClient } from '../../hooks/use-console-client'
import { useStreamView } from '../../hooks/use-console-store'
import { Dashboard } from '../../dashboard/dashboard'
import { DashboardToolbar } from '../../dashboard/dashboard-toolbar'
import { useWidgetRegistry } from '../../provider/console-context'
import { LoadStatus } from '../load-status'
import { useFocusHeading } from '../use-focus-heading'
import { Splitter } from './splitter'
import { StreamList } from './stream-list'
import { useStreamList } from './use-stream-list'

/**
 * The stream viewer (spec §2 `streams`): the tenant's streams in a sidebar (open by default, its width on a
 * splitter, both remembered), and the stream-view workspace as a dashboard of Video widgets beside it.
 */
export function StreamsScreen() {
  const client = useConsoleClient()
  const heading = useFocusHeading()
  const registry = useWidgetRegistry()
  const [streams, retry] = useStreamList()
  const sidebarOpen = useStreamView((s) => s.sidebarOpen)
  const splitter = useStreamView((s) => s.splitterModel)
  const fullscreen = useStreamView((s) => s.fullscreenMode)
  const mini = useStreamView((s) => s.missionSidebarMini)
  const view = client.streamView.getState()
  const sidebarId = useId()
  const showSidebar = sidebarOpen && !fullscreen

  return (
    <section className={`honu-streams${fullscreen ? ' honu-streams--fullscreen' : ''}`} aria-labelledby="honu-work-area-title">
      <div className="honu-streams__bar">
        <h1 id="honu-work-area-title" ref={heading} tabIndex={-1}>
          Streams
        </h1>
        <button type="button" className="honu-button honu-button--quiet" aria-expanded={showSidebar} aria-controls={sidebarId} onClick={() => view.setSidebarOpen(!sidebarOpen)} disabled={fullscreen}>
          {sidebarOpen ? 'Hide stream list' : 'Show stream list'}
        </button>
        <button type="button" className="honu-button honu-button--quiet" aria-pressed={mini} onClick={() => view.setMissionSidebarMini(!mini)}>
          Compact list
        </button>
        <button type="button" className="honu-button honu-button--quiet" aria-pressed={fullscreen} onClick={() => view.setFullscreenMode(!fullscreen)}>
          {fullscreen ? 'Leave fullscreen' : 'Fullscreen'}
        </button>
      </div>
      <div className="honu-streams__body" style={{ ['--honu-stream-list-width' as string]: `${splitter}%` }}>
        {showSidebar && (
          <>
            <aside id={sidebarId} className={`honu-streams__sidebar${mini ? ' honu-streams__sidebar--mini' : ''}`} aria-label="Stream list">
              {streams.status === 'ready' ? (
                <StreamList />
              ) : (
                <LoadStatus state={streams} what="the streams" loading="Loading streams…" onRetry={retry} />
              )}
            </aside>
            <Splitter value={splitter} onChange={(v) => view.setSplitter(v)} controls={sidebarId} />
          </>
        )}
        <div className="honu-streams__dashboard">
          {registry ? (
            <>
              <DashboardToolbar workspace="stream-view" />
              <Dashboard workspace="stream-view" registry={registry} label="Stream view" emptyHint="Pick a stream in the stream list to show it here." />
            </>
          ) : (
            <p className="honu-muted">This console was set up without widgets, so streams cannot be shown here.</p>
          )}
        </div>
      </div>
    </section>
  )
}
