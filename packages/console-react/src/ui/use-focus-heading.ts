import { useEffect, useRef } from 'react'

/** Moves focus to a screen's heading when it opens, so keyboard and screen-reader users start there. */
export function useFocusHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}
