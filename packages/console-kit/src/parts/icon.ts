import type { ComponentType } from 'react'

/** An icon component as lucide-react exports them (`import { Trash2 } from 'lucide-react'`). */
export type IconComponent = ComponentType<{ size?: number | string; className?: string; 'aria-hidden'?: boolean | 'true' | 'false' }>

/** Icon size in the parts, in px; the icons follow the text colour. */
export const ICON_SIZE = 18
