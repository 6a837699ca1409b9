import { useState, type FormEvent } from 'react'
import { Navigate } from 'react-router'
import { specMessages } from '@honu/core'
import { useConsoleClient, useSession, useErrorText, useMessages } from '@honu/console-kit'
import { usePaths } from '../navigation/paths-context'
import { BackToSignIn, FormError } from '../ui/form-parts'
import { useFocusHeading } from '../ui/use-focus-heading'
import { secondFactorMessages } from '../messages/second-factor'

/**
 * Second-factor sign-in (spec §2 `/mfasignin`): sends the SMS code (TOTP needs none), then takes the one-time
 * code. Without a pending challenge it says so and links back to sign-in.
 */
export function MfaSignInScreen() {
  const paths = usePaths()
  const client = useConsoleClient()
  const heading = useFocusHeading()
  const t = useMessages(secondFactorMessages)
  const spec = useMessages(specMessages)
  const errorText = useErrorText()
  const hints = useSession((s) => s.mfaHints)
  const signedIn = useSession((s) => s.status === 'authenticated')
  const hint = hints?.[0]
  const [code, setCode] = useState('')
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'verifying' | 'error'; message?: string }>({
    status: 'idle',
  })

  // Resolved: the login route's guard sends the user on (spec §2 step 5).
  if (signedIn) return <Navigate to={paths.login} replace />
  if (!hint) {
    return (
      <>
        <h1 ref={heading} tabIndex={-1}>
          {t('secondFactor')}
        </h1>
        <p className="honu-error" role="alert">
          {spec('noMfaToResolve')}
        </p>
        <BackToSignIn />
      </>
    )
  }

  const send = async () => {
    setState({ status: 'sending' })
    try {
      await client.auth.sendMfaCode(hint)
      setState({ status: 'sent' })
    } catch (error) {
      setState({ status: 'error', message: errorText(error, t('sendCodeFailed')) })
    }
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) return setState({ status: 'error', message: t('enterCode') })
    setState({ status: 'verifying' })
    try {
      await client.auth.resolveMfa(code, hint)
    } catch (error) {
      setCode('')
      setState({ status: 'error', message: errorText(error, spec('invalidOtp')) })
    }
  }
  const needsSending = hint.factorId === 'phone' && (state.status === 'idle' || state.status === 'sending')

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('secondFactor')}
      </h1>
      {hint.factorId === 'phone' ? (
        <p>{t('smsSent', { phone: hint.phoneNumber ?? t('yourPhone') })}</p>
      ) : (
        <p>{hint.displayName ? t('authenticatorCodeFor', { name: hint.displayName }) : t('authenticatorCode')}</p>
      )}
      {needsSending ? (
        <button type="button" className="honu-button" onClick={() => void send()} disabled={state.status === 'sending'}>
          {state.status === 'sending' ? t('sending') : t('sendCode')}
        </button>
      ) : (
        <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="mfa-code">{t('oneTimeCode')}</label>
          <input
            id="mfa-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={state.status === 'error'}
            autoFocus
          />
          <FormError message={state.status === 'error' ? state.message : undefined} />
          <button type="submit" className="honu-button" disabled={state.status === 'verifying'}>
            {t('verify')}
          </button>
          {hint.factorId === 'phone' && (
            <button type="button" className="honu-button honu-button--quiet" onClick={() => void send()}>
              {t('sendNewCode')}
            </button>
          )}
        </form>
      )}
      <BackToSignIn />
    </>
  )
}
