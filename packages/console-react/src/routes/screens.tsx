import type { ComponentType } from 'react'
import type { ScreenKey } from '../navigation/console-routes'
import { LoginScreen } from '../screens/login-screen'

/**
 * A route's screen as the router needs it: the component itself (only the sign-in screen, which must show at once),
 * or its import, run on the first visit (retried with backoff, see `lazyScreen`), so the sign-in route carries none of
 * the other screens' code (scripts/measure-login-js.mjs).
 */
export type ResolvedScreen = { screen: ComponentType; load?: never } | { load: () => Promise<ComponentType>; screen?: never }

/**
 * Resolves a row's screen key (`CONSOLE_ROUTES`, on the navigation floor) to its screen, here on the top floor where
 * the route table meets the screens. The card screens after sign-in are each their own chunk; a working layout's
 * screen is imported through `working-screens.tsx`, one lazy import in the sign-in route's chunk for all of them.
 */
export function resolveScreen(key: ScreenKey): ResolvedScreen {
  switch (key) {
    case 'login':
      return { screen: LoginScreen }
    case 'auth-action':
      return { load: () => import('../screens/auth-action-screen').then((m) => m.AuthActionScreen) }
    case 'mfa-sign-in':
      return { load: () => import('../screens/mfa-sign-in-screen').then((m) => m.MfaSignInScreen) }
    case 'tenant-select':
      return { load: () => import('../screens/tenant-select-screen').then((m) => m.TenantSelectScreen) }
    case 'org-select':
      return { load: () => import('../screens/org-select-screen').then((m) => m.OrgSelectScreen) }
    case 'entry-point':
      return { load: () => import('../screens/entry-point-screen').then((m) => m.EntryPointScreen) }
    default:
      return { load: () => import('./working-screens').then((m) => m.loadWorkingScreen(key)) }
  }
}
