import { useState, type ReactNode } from 'react'

/**
 * What a widget without its resource shows (none chosen yet, or one the tenant no longer has): why, and a button
 * that opens the widget's own picker. `picker` renders it, given a `close` for when it is done.
 */
export function ChooseResource({
  className,
  message,
  chooseLabel,
  picker,
}: {
  className: string
  message: string
  chooseLabel: string
  picker: (close: () => void) => ReactNode
}) {
  const [picking, setPicking] = useState(false)
  return (
    <div className={className}>
      <p className="honu-muted">{message}</p>
      <button type="button" className="honu-button" aria-haspopup="dialog" onClick={() => setPicking(true)}>
        {chooseLabel}
      </button>
      {picking && picker(() => setPicking(false))}
    </div>
  )
}
