/**
 * The shortest password the console accepts: Firebase Auth's own minimum (it answers `auth/weak-password` below
 * it). The spec gives no password rules of its own (§5 only requires a signed-in user), so the form checks what
 * the provider would refuse, before asking it.
 */
export const PASSWORD_MIN_LENGTH = 6

/** What is wrong with a new password, by field: the form words it (and translates it). */
export type NewPasswordProblem =
  { field: 'newPassword'; problem: 'missing' | 'too-short' } | { field: 'confirmation'; problem: 'missing' | 'mismatch' }

/**
 * Checks a new password and its confirmation before they are sent, first problem first: a new password is given
 * and at least {@link PASSWORD_MIN_LENGTH} characters long, and the confirmation repeats it exactly (no trimming:
 * a space is part of a password).
 *
 * @returns the first problem, or `undefined` when both are fine.
 * @example checkNewPassword('abc', 'abc') // { field: 'newPassword', problem: 'too-short' }
 */
export function checkNewPassword(newPassword: string, confirmation: string): NewPasswordProblem | undefined {
  if (!newPassword) return { field: 'newPassword', problem: 'missing' }
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  if ([...newPassword].length < PASSWORD_MIN_LENGTH) return { field: 'newPassword', problem: 'too-short' }
  if (!confirmation) return { field: 'confirmation', problem: 'missing' }
  if (confirmation !== newPassword) return { field: 'confirmation', problem: 'mismatch' }
  return undefined
}
