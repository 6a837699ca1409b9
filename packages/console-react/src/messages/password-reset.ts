import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The forgotten-password and reset screen (`/auth/action`). */
export const passwordResetMessages = defineMessages(
  'password-reset',
  {
    email: 'E-mail',
    somethingWentWrong: 'Something went wrong. Try again.',
    invalidEmail: 'Enter a valid e-mail address.',
    resetTitle: 'Reset your password',
    resetSent: 'If an account exists for {email}, we sent it a link to reset the password.',
    sendResetLink: 'Send reset link',
    passwordTooShort: 'Choose a password of at least 6 characters.',
    passwordsDiffer: 'The two passwords differ.',
    newPasswordTitle: 'Choose a new password',
    checkingLink: 'Checking the link…',
    askNewLink: 'Ask for a new link',
    passwordChanged: 'Your password has been changed. You can now sign in with it.',
    forAccount: 'For {email}',
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
    savePassword: 'Save password',
  },
  translations,
)
