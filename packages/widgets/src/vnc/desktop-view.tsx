import { useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react'
import { ClipboardPaste, Keyboard, Maximize, Minimize, Plug, Unplug, ZoomIn } from 'lucide-react'
import { Dialog, IconButton, useLocale, useMessages } from '@honu/console-kit'
import type { DesktopScale, DesktopState } from './desktop-connection'
import { useNow } from '../use-now'
import { vncMessages } from './vnc-messages'

/** The control lease as the viewer sees it: who holds it and since when, who asks, and whether they are the viewer. */
export interface DesktopLease {
  /** The holder's name, `undefined` while nobody holds control. */
  holder?: string
  /** Whether the viewer holds it. */
  mine: boolean
  /** Since when it is held (ms since the epoch). */
  since?: number
  /** The names of those asking for control, the viewer excluded. */
  askedBy: string[]
  /** Whether the viewer is among those asking. */
  asked: boolean
}

/** Props of {@link DesktopView}. */
export interface DesktopViewProps {
  /** The device's name. */
  name: string
  /** The connection's state. */
  state: DesktopState
  /** Where noVNC draws: the view's screen element, handed to the connection. */
  screenRef: Ref<HTMLDivElement>
  lease: DesktopLease
  /** Whether the viewer may take control over from its holder (admins). */
  canTakeOver: boolean
  /** The answer to the last control request, when it failed ('Your role does not allow…'). */
  controlProblem?: string
  scale: DesktopScale
  /** The text the desktop copied last, offered to copy to this computer. */
  clipboard?: string
  reducedQuality?: boolean
  fullscreen: boolean
  onConnect(): void
  onDisconnect(): void
  onRetryNow(): void
  onRequestControl(): void
  onReleaseControl(): void
  onTakeOver(): void
  onScale(scale: DesktopScale): void
  onCtrlAltDel(): void
  onPaste(text: string): void
  onCopy(text: string): void
  onFullscreen(): void
  /** Puts the keyboard on the desktop (noVNC's canvas). */
  onFocusDesktop(): void
  /** For tests and stories: the time zone of the clock times shown (the browser's by default). */
  timeZone?: string
}

/**
 * A device's desktop with the console's own controls (no noVNC toolbar): the connection's state and why it ended,
 * who holds control and since when, control requests, fit or 1:1, Ctrl+Alt+Del, text in and out of the desktop's
 * clipboard, full screen, connect and disconnect. A pure view: the {@link DesktopConnection} draws into
 * `screenRef`. Input goes to the desktop only while the viewer holds control; the keyboard gets there with Enter on
 * the screen, and back to the controls with Ctrl+Alt+Shift.
 */
export function DesktopView(props: DesktopViewProps) {
  const { name, state, screenRef, lease, canTakeOver, controlProblem, scale, clipboard, reducedQuality, fullscreen, timeZone } = props
  const t = useMessages(vncMessages)
  const { dates } = useLocale()
  const clock = useMemo(
    () => new Intl.DateTimeFormat(dates.locale, { hour: 'numeric', minute: '2-digit', hour12: dates.hour12, timeZone }),
    [dates.locale, dates.hour12, timeZone],
  )
  const [pasting, setPasting] = useState(false)
  const toolbar = useRef<HTMLDivElement>(null)
  const screenHint = useId()
  const connected = state.status === 'connected'
  const active = state.status === 'connected' || state.status === 'connecting' || state.status === 'retrying'
  const since = lease.since !== undefined ? clock.format(lease.since) : ''

  const leaseLine = lease.mine
    ? t('youInControl', { time: since })
    : lease.holder
      ? t('otherInControl', { name: lease.holder, time: since })
      : t('nobodyInControl')

  // Ctrl+Alt+Shift, pressed on the desktop, gives the keyboard back to the controls (noVNC keeps every other key).
  const onScreenKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // Not AltGr (Ctrl+Alt on Windows) with Shift: some layouts type characters with it.
    if (event.ctrlKey && event.altKey && event.shiftKey && !event.getModifierState('AltGraph')) {
      event.preventDefault()
      event.stopPropagation()
      toolbar.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus()
      return
    }
    if (event.target === event.currentTarget && event.key === 'Enter' && lease.mine && connected) {
      event.preventDefault()
      props.onFocusDesktop()
    }
  }

  return (
    <div className="honu-vnc" data-state={state.status} data-control={lease.mine ? 'mine' : lease.holder ? 'held' : 'free'}>
      <div className="honu-vnc__bar" role="group" aria-label={t('toolbar', { name })} ref={toolbar}>
        {active ? (
          <IconButton label={t('disconnect')} icon={Unplug} onClick={props.onDisconnect} />
        ) : (
          <IconButton label={t('connect')} icon={Plug} onClick={props.onConnect} />
        )}
        <IconButton
          label={t('actualSize')}
          icon={ZoomIn}
          aria-pressed={scale === 'remote'}
          onClick={() => props.onScale(scale === 'fit' ? 'remote' : 'fit')}
        />
        <IconButton label={t('ctrlAltDel')} icon={Keyboard} disabled={!lease.mine || !connected} onClick={props.onCtrlAltDel} />
        <IconButton
          label={t('paste')}
          icon={ClipboardPaste}
          aria-haspopup="dialog"
          disabled={!lease.mine || !connected}
          onClick={() => setPasting(true)}
        />
        <IconButton label={t('fullscreen')} icon={fullscreen ? Minimize : Maximize} aria-pressed={fullscreen} onClick={props.onFullscreen} />
        <span className="honu-vnc__control">
          {lease.mine ? (
            <button type="button" className="honu-button" onClick={props.onReleaseControl}>
              {t('releaseControl')}
            </button>
          ) : lease.asked ? (
            <button type="button" className="honu-button honu-button--quiet" onClick={props.onReleaseControl}>
              {t('withdrawRequest')}
            </button>
          ) : (
            <button type="button" className="honu-button" onClick={props.onRequestControl}>
              {lease.holder ? t('askControl') : t('takeControl')}
            </button>
          )}
          {canTakeOver && lease.holder && !lease.mine && (
            <button type="button" className="honu-button honu-button--quiet" onClick={props.onTakeOver}>
              {t('takeOver')}
            </button>
          )}
        </span>
      </div>
      <div className="honu-vnc__status">
        <ConnectionStatus name={name} state={state} onRetryNow={props.onRetryNow} />
        <p className="honu-vnc__lease" role="status">
          {leaseLine}
          {lease.asked && lease.holder && !lease.mine && <> {t('waitingFor', { name: lease.holder })}</>}
          {lease.askedBy.length > 0 && <> {t('askedBy', { names: lease.askedBy.join(', ') })}</>}
        </p>
        {controlProblem && (
          <p className="honu-vnc__problem" role="alert">
            {controlProblem}
          </p>
        )}
        {reducedQuality && connected && <p className="honu-muted">{t('reducedQuality')}</p>}
      </div>
      {/* The desktop: a focus stop of its own (noVNC's canvas keeps every key once it has the keyboard). */}
      <div
        className="honu-vnc__screen"
        data-scale={scale}
        role="group"
        aria-label={t('desktopOf', { name })}
        aria-describedby={screenHint}
        tabIndex={0}
        onKeyDownCapture={onScreenKey}
        ref={screenRef}
      />
      <p id={screenHint} className="honu-vnc__hint honu-muted">
        {lease.mine ? t('keyboardHint') : t('viewOnlyHint')}
      </p>
      {clipboard !== undefined && clipboard !== '' && (
        <div className="honu-vnc__clipboard">
          {/* Not a live region: what the desktop copies (a password, perhaps) is shown, never read aloud. */}
          <span>{t('copied')}</span> <code className="honu-vnc__copied">{clipboard}</code>{' '}
          <button type="button" className="honu-button honu-button--quiet" onClick={() => props.onCopy(clipboard)}>
            {t('copy')}
          </button>
        </div>
      )}
      {pasting && <PasteDialog name={name} onCancel={() => setPasting(false)} onSend={(text) => (setPasting(false), props.onPaste(text))} />}
    </div>
  )
}

/**
 * The connection's line: connecting, connected, lost or ended and why. One live region whose words change only with
 * the state; while retrying, the seconds to the next attempt tick beside it, outside the region (a screen reader is
 * not told every second), with Try now.
 */
function ConnectionStatus({ name, state, onRetryNow }: { name: string; state: DesktopState; onRetryNow(): void }) {
  const t = useMessages(vncMessages)
  const words =
    state.status === 'retrying'
      ? t('lost', { reason: t(`reason.${state.reason}`) })
      : state.status === 'ended'
        ? t('ended', { reason: t(`reason.${state.reason}`) })
        : state.status === 'connected'
          ? t('connected', { name })
          : state.status === 'connecting'
            ? t('connecting', { name })
            : t('disconnected')
  return (
    <div className="honu-vnc__connection">
      <p role="status">{words}</p>
      {state.status === 'retrying' && <RetryCountdown retryAt={state.retryAt} onRetryNow={onRetryNow} />}
    </div>
  )
}

/** The seconds to the next attempt, ticking once a second, with Try now. */
function RetryCountdown({ retryAt, onRetryNow }: { retryAt: number; onRetryNow(): void }) {
  const t = useMessages(vncMessages)
  const now = useNow(1000)
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000))
  return (
    <p>
      {t('retryIn', { seconds: String(seconds) })}{' '}
      <button type="button" className="honu-button honu-button--quiet" onClick={onRetryNow}>
        {t('tryNow')}
      </button>
    </p>
  )
}

/** Text for the desktop's clipboard, typed or pasted here, sent when the user says so. */
function PasteDialog({ name, onCancel, onSend }: { name: string; onCancel(): void; onSend(text: string): void }) {
  const t = useMessages(vncMessages)
  const [text, setText] = useState('')
  const field = useId()
  const formId = `${field}-form`
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('pasteTitle', { name })}
      closeOnOutsidePress={false}
      footer={
        <>
          <button type="button" className="honu-button honu-button--quiet" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" form={formId} className="honu-button" disabled={text === ''}>
            {t('pasteSend')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault()
          if (text !== '') onSend(text)
        }}
      >
        <label htmlFor={field}>{t('pasteLabel')}</label>
        <textarea id={field} className="honu-vnc__paste" rows={6} value={text} onChange={(event) => setText(event.target.value)} />
      </form>
    </Dialog>
  )
}
