import { version, type ReactElement, type Ref } from 'react'

const isReact18 = version.startsWith('18.')

/**
 * The ref a caller put on an element a part clones (a tooltip's trigger, a popover's button), so the part can
 * merge its own with it. React 19 passes `ref` as a prop; React 18 keeps it on the element.
 */
export function elementRef<T>(element: ReactElement): Ref<T> | undefined {
  if (isReact18) return (element as unknown as { ref?: Ref<T> }).ref
  return (element.props as { ref?: Ref<T> }).ref
}
