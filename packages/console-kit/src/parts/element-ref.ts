import { version, type ReactElement, type Ref } from 'react'

// Read when called, not at import: a module-level property read is a side effect a bundler must keep, and would
// keep this module (and the parts beside it in the package's one chunk) in an app that uses none of them.
const isReact18 = () => version.startsWith('18.')

/**
 * The ref a caller put on an element a part clones (a tooltip's trigger, a popover's button), so the part can
 * merge its own with it. React 19 passes `ref` as a prop; React 18 keeps it on the element.
 */
export function elementRef<T>(element: ReactElement): Ref<T> | undefined {
  if (isReact18()) return (element as unknown as { ref?: Ref<T> }).ref
  return (element.props as { ref?: Ref<T> }).ref
}
