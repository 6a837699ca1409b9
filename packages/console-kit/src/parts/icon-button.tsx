import { forwardRef, type ButtonHTMLAttributes } from 'react'
import type { Placement } from '@floating-ui/react'
import { ICON_SIZE, type IconComponent } from './icon'
import { Tooltip } from './tooltip'

/** Props of {@link IconButton}. */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label' | 'aria-labelledby'> {
  /** The button's accessible name, shown as its tooltip. */
  label: string
  /** A lucide-react icon (`import { Trash2 } from 'lucide-react'`). */
  icon: IconComponent
  /** Where the tooltip shows. Default `'top'`. */
  tooltipPlacement?: Placement
}

/**
 * An icon-only button whose accessible name is its tooltip: `aria-label` is `label`, and the same text shows on
 * hover and keyboard focus. Toggle buttons pass `aria-pressed`; the name stays the same while the state changes.
 *
 * @example
 * import { Trash2 } from 'lucide-react'
 * <IconButton label={`Delete ${stream.name}`} icon={Trash2} onClick={() => setDeleting(stream)} />
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon: Icon, tooltipPlacement, className, type = 'button', ...rest },
  ref,
) {
  return (
    <Tooltip content={label} kind="label" placement={tooltipPlacement}>
      <button ref={ref} type={type} className={className ? `honu-icon-button ${className}` : 'honu-icon-button'} aria-label={label} {...rest}>
        <Icon size={ICON_SIZE} aria-hidden="true" />
      </button>
    </Tooltip>
  )
})
