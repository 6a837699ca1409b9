export const GRIDSTACK_SCOPE: string
export function scopedGridstack(): string
export function cssTextModule(): string
