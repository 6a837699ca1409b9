import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useMessages } from '@honu/console-kit'
import { streamMessages } from '../../messages/streams'

const MIN = 10
const MAX = 60

/**
 * The separator between the stream list and the dashboard: drag it, or focus it and use the arrow keys (Home and
 * End for the limits). The position is a percentage of the screen's width.
 */
export function Splitter({ value, onChange, controls }: { value: number; onChange: (percent: number) => void; controls: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const t = useMessages(streamMessages)
  const clamp = (v: number) => Math.min(MAX, Math.max(MIN, Math.round(v)))

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 10 : 2
    const next =
      event.key === 'ArrowLeft'
        ? value - step
        : event.key === 'ArrowRight'
          ? value + step
          : event.key === 'Home'
            ? MIN
            : event.key === 'End'
              ? MAX
              : undefined
    if (next === undefined) return
    event.preventDefault()
    onChange(clamp(next))
  }

  const onPointerDown = (event: PointerEvent) => {
    const container = ref.current?.parentElement
    if (!container) return
    event.preventDefault()
    const box = container.getBoundingClientRect()
    const move = (e: globalThis.PointerEvent) => onChange(clamp(((e.clientX - box.left) / box.width) * 100))
    const up = () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
  }

  return (
    <div
      ref={ref}
      className="honu-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('resizeList')}
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
    />
  )
}
