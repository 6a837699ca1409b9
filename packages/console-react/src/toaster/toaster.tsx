import { createPortal } from 'react-dom'
import { TOAST_POSITIONS, toastPresentation, type Toast, type ToastPresentation } from '@honu/core'
import { useToasts, usePreferences, useConsoleClient, useMessages, useLocale } from '@honu/console-kit'
import { useHostOptions } from '../navigation/host-options'
import { shellMessages } from '../messages/shell'

/** The role that makes a toast a live region: `alert` interrupts, `status` waits until the reader is idle. */
const ROLE: Record<Exclude<ToastPresentation, 'hidden'>, 'alert' | 'status'> = { assertive: 'alert', polite: 'status' }

/**
 * Renders the console's toasts (spec §5, §8) in their positions, as the user's notifications preference says
 * (spec §3, `toastPresentation`): `muted` (the default) shows every toast and announces it politely, `on`
 * announces failures at once and the rest politely, `off` shows failures only. No toast takes focus or plays a
 * sound; every toast can be closed from the keyboard. Text only, never HTML.
 *
 * Where: inside the console's own area by default (placed against the console's root, never fixed over the host's
 * page), or in the host's `toastContainer`, wrapped in the console's themed root so they keep their look.
 */
export function Toaster() {
  const { toastContainer } = useHostOptions()
  const theme = usePreferences((s) => s.theme)
  const { locale } = useLocale()
  if (!toastContainer) return <ToastRegions />
  return createPortal(
    <div className="honu-console honu-toast-host" data-theme={theme} lang={locale}>
      <ToastRegions />
    </div>,
    toastContainer,
  )
}

/** The toasts, one region per position that has any. */
function ToastRegions() {
  const client = useConsoleClient()
  const t = useMessages(shellMessages)
  const toasts = useToasts((s) => s.toasts)
  const notifications = usePreferences((s) => s.notifications)
  const byPosition = new Map<string, { toast: Toast; presentation: Exclude<ToastPresentation, 'hidden'> }[]>()
  for (const toast of toasts) {
    const presentation = toastPresentation(toast.tone, notifications)
    if (presentation === 'hidden') continue
    byPosition.set(toast.position, [...(byPosition.get(toast.position) ?? []), { toast, presentation }])
  }
  return (
    <>
      {TOAST_POSITIONS.filter((p) => byPosition.has(p)).map((position) => (
        <section key={position} className="honu-toasts" data-position={position} aria-label={t('notifications')}>
          {byPosition.get(position)!.map(({ toast, presentation }) => (
            <div key={toast.id} className="honu-toast" data-tone={toast.tone} data-presentation={presentation} role={ROLE[presentation]}>
              <span>{toast.message}</span>
              <button
                type="button"
                className="honu-toast__close"
                aria-label={t('dismiss', { message: toast.message })}
                onClick={() => client.toasts.getState().dismiss(toast.id)}
              >
                ×
              </button>
            </div>
          ))}
        </section>
      ))}
    </>
  )
}
