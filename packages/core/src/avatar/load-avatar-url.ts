import type { avatarUrl } from './avatar'

/**
 * {@link avatarUrl}, loaded when first needed. The API clients and the session's user record call it after sign-in,
 * so its SHA-256 stays off the sign-in page (issue 12's budget, scripts/measure-login-js.mjs).
 *
 * @example const url = (await loadAvatarUrl())(user.email, options.avatar)
 */
export const loadAvatarUrl = (): Promise<typeof avatarUrl> => import('./avatar').then((m) => m.avatarUrl)
