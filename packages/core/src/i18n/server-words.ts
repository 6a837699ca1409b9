import { ConsoleError } from '../errors/console-error'

/**
 * The server's own words for a refusal it answered (`{ code, message }` in an `HttpError`'s body), else `undefined`:
 * a conflict or a refusal the server words itself (who holds control, why a plan cannot be flown) is shown as it
 * says it, with `describeError` for everything else. A module of its own, apart from `describeError`'s: the screens
 * that use it load after sign-in, and the login route's initial JavaScript (its 2.0× budget) stays without it.
 *
 * @example setProblem(serverWords(error) ?? errorText(error, t('noAnswer')))
 */
export function serverWords(error: unknown): string | undefined {
  if (!ConsoleError.is(error) || !('body' in error)) return undefined
  const body = error.body as { message?: unknown } | undefined
  return typeof body?.message === 'string' && body.message ? body.message : undefined
}
