import { useEffect, useId, useRef, useState } from 'react'
import { useConsoleClient, useStreamView, useScreenBand, useWidgetRegistry, useMessages } from '@honu/console-kit'
import { Dashboard } from '../../dashboard/dashboard'
import { DashboardToolbar } from '../../dashboard/dashboard-toolbar'
import { LoadStatus } from '../../ui/load-status'
import { useFocusHeading } from '../../ui/use-focus-heading'
import { Splitter } from './splitter'
import { StreamList } from './stream-list'
import { useStreamList } from './use-stream-list'
import { streamMessages } from '../../messages/streams'

/**
 * The stream viewer (spec §2 `streams`): the tenant's streams in a sidebar (open by default, its width on a
 * splitter, both remembered), and the stream-view workspace as a dashboard of Video widgets beside it.
 *
 * Under 1024 px (spec §9) the dashboard needs the whole width, so the stream list becomes an overlay over it:
 * closed on arrival (the remembered "open" is the docked list's), opened by the same button, and closed again by
 * that button, Escape (focus goes back to the button), a click outside it, or focus leaving it.
 */
export function StreamsScreen() {
  const client = useConsoleClient()
  const heading = useFocusHeading()
  const t = useMessages(streamMessages)
  const registry = useWidgetRegistry()
  const streams = useStreamList()
  const sidebarOpen = useStreamView((s) => s.sidebarOpen)
  const splitter = useStreamView((s) => s.splitterModel)
  const fullscreen = useStreamView((s) => s.fullscreenMode)
  const mini = useStreamView((s) => s.missionSidebarMini)
  const view = client.streamView.getState()
  const sidebarId = useId()
  const band = useScreenBand()
  const overlay = band === 'xs' || band === 'sm'
  const [overlayOpen, setOverlayOpen] = useState(false)
  // Each time the list becomes an overlay it starts closed (state adjusted while rendering, not in an effect).
  const [wasOverlay, setWasOverlay] = useState(overlay)
  if (wasOverlay !== overlay) {
    setWasOverlay(overlay)
    setOverlayOpen(false)
  }
  const open = overlay ? overlayOpen : sidebarOpen
  const showSidebar = open && !fullscreen
  const toggleRef = useRef<HTMLButtonElement>(null)
  const sidebarRef = useRef<HTMLElement>(null)
  const overlayShown = overlay && showSidebar

  useEffect(() => {
    const sidebar = sidebarRef.current
    if (!overlayShown || !sidebar) return
    // It covers the dashboard: focus goes in, so the keyboard is where the eyes are.
    sidebar.focus()
    // Outside: neither the list, nor its button, nor a floating layer (a menu or dialog the list opened, portalled).
    const outside = (target: EventTarget | null) =>
      target instanceof Node &&
      !sidebar.contains(target) &&
      !toggleRef.current?.contains(target) &&
      !(target instanceof Element && target.closest('[data-floating-ui-portal]'))
    // Native listeners: a dialog the list opens (a portal) must keep its own Escape, and React would bubble it here.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      setOverlayOpen(false)
      toggleRef.current?.focus()
    }
    const onFocusOut = (event: FocusEvent) => {
      if (outside(event.relatedTarget)) setOverlayOpen(false)
    }
    // By the event's path, not its target: inside a shadow root (the custom element) the document sees the host.
    const onPointerDown = (event: PointerEvent) => {
      const inside = (node: EventTarget) =>
        node === sidebar || node === toggleRef.current || (node instanceof Element && node.hasAttribute('data-floating-ui-portal'))
      if (!event.composedPath().some(inside)) setOverlayOpen(false)
    }
    sidebar.addEventListener('keydown', onKeyDown)
    sidebar.addEventListener('focusout', onFocusOut)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      sidebar.removeEventListener('keydown', onKeyDown)
      sidebar.removeEventListener('focusout', onFocusOut)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [overlayShown])

  return (
    <section className={`honu-streams${fullscreen ? ' honu-streams--fullscreen' : ''}`} aria-labelledby="honu-work-area-title">
      <div className="honu-streams__bar">
        <h1 id="honu-work-area-title" ref={heading} tabIndex={-1}>
          {t('title')}
        </h1>
        <button
          ref={toggleRef}
          type="button"
          className="honu-button honu-button--quiet"
          aria-expanded={showSidebar}
          aria-controls={sidebarId}
          onClick={() => (overlay ? setOverlayOpen(!overlayOpen) : view.setSidebarOpen(!sidebarOpen))}
          disabled={fullscreen}
        >
          {open ? t('hideList') : t('showList')}
        </button>
        <button type="button" className="honu-button honu-button--quiet" aria-pressed={mini} onClick={() => view.setMissionSidebarMini(!mini)}>
          {t('compactList')}
        </button>
        <button
          type="button"
          className="honu-button honu-button--quiet"
          aria-pressed={fullscreen}
          onClick={() => view.setFullscreenMode(!fullscreen)}
        >
          {fullscreen ? t('leaveFullscreen') : t('fullscreen')}
        </button>
      </div>
      <div className="honu-streams__body" style={{ ['--honu-stream-list-width' as string]: `${splitter}%` }}>
        {showSidebar && (
          <>
            <aside
              ref={sidebarRef}
              id={sidebarId}
              className={`honu-streams__sidebar${mini ? ' honu-streams__sidebar--mini' : ''}${overlay ? ' honu-streams__sidebar--overlay' : ''}`}
              aria-label={t('streamList')}
              tabIndex={overlay ? -1 : undefined}
            >
              {streams.status === 'ready' ? (
                <StreamList />
              ) : (
                <LoadStatus state={streams} what={t('theStreams')} loading={t('loadingStreams')} onRetry={streams.retry} />
              )}
            </aside>
            {!overlay && <Splitter value={splitter} onChange={(v) => view.setSplitter(v)} controls={sidebarId} />}
          </>
        )}
        <div className="honu-streams__dashboard">
          {registry ? (
            <>
              <DashboardToolbar workspace="stream-view" />
              <Dashboard workspace="stream-view" registry={registry} label={t('streamView')} emptyHint={t('pickStream')} />
            </>
          ) : (
            <p className="honu-muted">{t('noWidgets')}</p>
          )}
        </div>
      </div>
    </section>
  )
}
