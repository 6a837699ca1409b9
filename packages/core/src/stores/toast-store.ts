import { createStore, type StoreApi } from 'zustand/vanilla'
import { TOAST_TIMEOUT_MS } from '../constants/timing'
import { ConsoleError } from '../errors/console-error'
import type { StoreLifecycle } from '../platform/persist'
import type { Scheduler } from '../platform/scheduler'
import type { NotificationPreference } from './preferences-store'

/** Where a toast may appear. */
export const TOAST_POSITIONS = ['top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right'] as const
export type ToastPosition = (typeof TOAST_POSITIONS)[number]

/** Positive for success, negative for failure (spec §8), neutral otherwise. */
export type ToastTone = 'positive' | 'negative' | 'neutral'

/** A notification shown to the user. */
export interface Toast {
  id: number
  message: string
  tone: ToastTone
  position: ToastPosition
  /** Milliseconds until it closes by itself; 0 keeps it until dismissed. */
  timeoutMs: number
}

/** What `show` takes. */
export interface ToastInput {
  message: string
  tone?: ToastTone
  /** Default `top-right`. Must be one of {@link TOAST_POSITIONS}. */
  position?: ToastPosition
  /** Default 5000 ms (spec §5). */
  timeoutMs?: number
}

/**
 * How a toast reaches the user: `hidden` (not shown), `polite` (shown, read out when the reader is idle:
 * `role="status"`) or `assertive` (shown and read out at once: `role="alert"`). No toast ever takes focus.
 */
export type ToastPresentation = 'hidden' | 'polite' | 'assertive'

/**
 * The notifications preference (spec §3, §4) applied to one toast:
 * - `muted` (the default): every toast is shown, quietly: announced politely, nothing interrupts.
 * - `on`: every toast is shown; failures (negative) interrupt and are announced at once, the rest politely.
 * - `off`: only failures are shown (a user must still learn that something failed), announced politely.
 */
export function toastPresentation(tone: ToastTone, notifications: NotificationPreference): ToastPresentation {
  if (notifications === 'on') return tone === 'negative' ? 'assertive' : 'polite'
  if (notifications === 'off' && tone !== 'negative') return 'hidden'
  return 'polite'
}

export interface ToastState {
  toasts: Toast[]
  /**
   * Shows a toast and closes it after its timeout.
   *
   * @throws {ConsoleError} `toast/invalid-position` for a position that is not known (spec §5).
   */
  show(input: ToastInput): number
  dismiss(id: number): void
  clear(): void
}

/**
 * The toast store. `destroy()` cancels the closing timers and keeps the toasts; `resume()` starts each one's
 * timeout again, so a toast shown before StrictMode's second start still closes.
 */
export type ToastStore = StoreApi<ToastState> & StoreLifecycle

/** Creates the toast store; timers come from the client's scheduler. */
export function createToastStore(scheduler: Scheduler): ToastStore {
  let nextId = 1
  let running = true
  const timers = new Map<number, unknown>()
  const arm = (toast: Toast) => {
    if (toast.timeoutMs > 0)
      timers.set(
        toast.id,
        scheduler.setTimeout(() => store.getState().dismiss(toast.id), toast.timeoutMs),
      )
  }
  const cancelTimers = () => {
    for (const timer of timers.values()) scheduler.clearTimeout(timer)
    timers.clear()
  }
  const store = createStore<ToastState>()((set) => ({
    toasts: [],
    show: (input) => {
      const position = input.position ?? 'top-right'
      if (!(TOAST_POSITIONS as readonly string[]).includes(position)) {
        throw new ConsoleError({
          code: 'toast/invalid-position',
          message: `Unknown toast position "${String(position)}": use one of ${TOAST_POSITIONS.join(', ')}.`,
        })
      }
      const timeoutMs = input.timeoutMs ?? TOAST_TIMEOUT_MS
      const toast: Toast = { id: nextId++, message: input.message, tone: input.tone ?? 'neutral', position, timeoutMs }
      set((state) => ({ toasts: [...state.toasts, toast] }))
      if (running) arm(toast)
      return toast.id
    },
    dismiss: (id) => {
      scheduler.clearTimeout(timers.get(id))
      timers.delete(id)
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }))
    },
    clear: () => {
      cancelTimers()
      set({ toasts: [] })
    },
  }))
  return Object.assign(store, {
    resume: () => {
      if (running) return
      running = true
      for (const toast of store.getState().toasts) arm(toast)
    },
    destroy: () => {
      running = false
      cancelTimers()
    },
  })
}
