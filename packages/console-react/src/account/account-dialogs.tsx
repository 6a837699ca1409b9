import { lazy, Suspense } from 'react'
import type { ChangePasswordDialogProps } from './change-password-dialog'
import type { PreferencesDialogProps } from './preferences-dialog'

// Loaded on first open: neither dialog is on the login route or in the main layout's chunk.
const LazyPreferences = lazy(() => import('./preferences-dialog'))
const LazyChangePassword = lazy(() => import('./change-password-dialog'))

/**
 * The Preferences dialog (notifications, theme, language; spec §3), loaded the first time it opens. Closed, it
 * renders nothing and loads nothing. The user menu opens it.
 *
 * @example
 * const [open, setOpen] = useState(false)
 * <MenuItem label="Preferences" onSelect={() => setOpen(true)} />
 * <PreferencesDialog open={open} onOpenChange={setOpen} />
 */
export function PreferencesDialog(props: PreferencesDialogProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <LazyPreferences {...props} />
    </Suspense>
  )
}

/**
 * The Change password dialog (spec §1, §5, §7), loaded the first time it opens; see {@link PreferencesDialog}.
 * Closing it forgets what was typed.
 */
export function ChangePasswordDialog(props: ChangePasswordDialogProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <LazyChangePassword {...props} />
    </Suspense>
  )
}

export type { ChangePasswordDialogProps, PreferencesDialogProps }
