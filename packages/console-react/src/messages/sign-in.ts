import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The sign-in screen (on the login route: keep it short; the other card screens have books of their own). */
export const signInMessages = defineMessages(
  'sign-in',
  {
    title: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    missingCredentials: 'Enter your e-mail and password.',
    failed: 'Signing in failed. Try again.',
    forgotPassword: 'Forgot your password?',
  },
  translations,
)
