import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The second-factor sign-in screen (`/mfasignin`). */
export const secondFactorMessages = defineMessages(
  'second-factor',
  {
    secondFactor: 'Second factor',
    smsSent: 'We send a one-time code by SMS to {phone}.',
    yourPhone: 'your phone',
    authenticatorCode: 'Enter the code your authenticator app shows.',
    authenticatorCodeFor: 'Enter the code your authenticator app shows for {name}.',
    sending: 'Sending…',
    sendCode: 'Send code',
    oneTimeCode: 'One-time code',
    verify: 'Verify',
    sendNewCode: 'Send a new code',
    sendCodeFailed: 'Could not send the code. Try again.',
    enterCode: 'Enter the code.',
  },
  translations,
)
