import { ConsoleError } from '@honu/core'

/** A failed load: what went wrong, in words, and a retry. Nothing the user entered is lost. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const status = (error as { status?: number } | null)?.status
  const detail =
    status === 0 || status === undefined
      ? 'The server could not be reached. Check your connection.'
      : ConsoleError.is(error)
        ? error.message
        : 'The server failed.'
  return (
    <div className="honu-error" role="alert">
      <p>
        Could not load {what}. {detail}
      </p>
      <button type="button" className="honu-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
