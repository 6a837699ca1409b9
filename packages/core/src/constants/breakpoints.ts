/**
 * Screen breakpoints of spec §9 (600, 1024, 1440, 1920 px): each is the smallest width of a band, so a width on a
 * breakpoint belongs to the band above it (1024 is `md`, 1023 is `sm`), as CSS `(width >= 1024px)` reads it.
 *
 * CSS cannot import these: `packages/console-react/src/styles.css` and `packages/widgets/src/styles.css` write
 * the same figures in their media queries (range syntax, `(width < 1024px)`), and `breakpoints-css.test.ts` fails
 * when a media query uses another width or a figure here changes without the CSS.
 */
export const BREAKPOINTS = {
  /** 600 px: phones end here. Below it dashboards stack their widgets and targets are touch-sized. */
  sm: 600,
  /** 1024 px: under it the navigation folds into a menu and the stream list becomes an overlay. */
  md: 1024,
  /** 1440 px. */
  lg: 1440,
  /** 1920 px: full HD and wider. */
  xl: 1920,
} as const

/** The bands between the breakpoints, narrowest first: `xs` is under 600 px, `xl` from 1920 px on. */
export const SCREEN_BANDS = ['xs', 'sm', 'md', 'lg', 'xl'] as const

/** One band of screen (or container) widths between two breakpoints of spec §9. */
export type ScreenBand = (typeof SCREEN_BANDS)[number]

/**
 * The band a width in CSS px falls in. Framework-free: pass `window.innerWidth` for the screen, or an element's
 * width for the space a part really has. A width that is not a number (not measured yet) answers the widest band.
 *
 * @example bandOf(1024) // 'md'
 * @example bandOf(1023.5) // 'sm'
 */
export function bandOf(width: number): ScreenBand {
  if (Number.isNaN(width)) return 'xl'
  if (width >= BREAKPOINTS.xl) return 'xl'
  if (width >= BREAKPOINTS.lg) return 'lg'
  if (width >= BREAKPOINTS.md) return 'md'
  if (width >= BREAKPOINTS.sm) return 'sm'
  return 'xs'
}
