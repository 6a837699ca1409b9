import { TOAST_POSITIONS, type Toast } from '@honu/core'
import { useToasts } from '../hooks/use-console-store'
import { useConsoleClient } from '../hooks/use-console-client'

/**
 * Renders the console's toasts (spec §5, §8) in their positions. Negative toasts are announced assertively,
 * others politely; every toast can be closed from the keyboard. Text only, never HTML.
 */
export function Toaster() {
  const client = useConsoleClient()
  const toasts = useToasts((s) => s.toasts)
  const byPosition = new Map<string, Toast[]>()
  for (const toast of toasts) byPosition.set(toast.position, [...(byPosition.get(toast.position) ?? []), toast])
  return (
    <>
      {TOAST_POSITIONS.filter((p) => byPosition.has(p)).map((position) => (
        <section key={position} className="honu-toasts" data-position={position} aria-label="Notifications">
          {byPosition.get(position)!.map((toast) => (
            <div
              key={toast.id}
              className="honu-toast"
              data-tone={toast.tone}
              role={toast.tone === 'negative' ? 'alert' : 'status'}
            >
              <span>{toast.message}</span>
              <button
                type="button"
                className="honu-toast__close"
                aria-label={`Dismiss: ${toast.message}`}
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
