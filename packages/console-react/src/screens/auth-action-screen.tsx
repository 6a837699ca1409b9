import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useConsoleClient, useErrorText, useMessages, useQuery } from '@honu/console-kit'
import { usePaths } from '../navigation/paths-context'
import { BackToSignIn, FormError } from '../ui/form-parts'
import { Loading } from '../ui/load-status'
import { useFocusHeading } from '../ui/use-focus-heading'
import { passwordResetMessages } from '../messages/password-reset'

/**
 * Forgotten password and reset action (spec §2 `auth/action`): without a code it asks for the e-mail and sends a
 * reset link; with `mode=resetPassword&oobCode=…` (the link from the e-mail) it sets a new password.
 */
export function AuthActionScreen() {
  const [params] = useSearchParams()
  const code = params.get('oobCode')
  return params.get('mode') === 'resetPassword' && code ? <ResetPassword code={code} /> : <ForgotPassword />
}

function ForgotPassword() {
  const client = useConsoleClient()
  const heading = useFocusHeading()
  const t = useMessages(passwordResetMessages)
  const errorText = useErrorText()
  const [email, setEmail] = useState('')
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'error'; message?: string }>({ status: 'idle' })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setState({ status: 'error', message: t('invalidEmail') })
      return
    }
    setState({ status: 'sending' })
    try {
      await client.auth.sendPasswordResetEmail(email)
      setState({ status: 'sent' })
    } catch (error) {
      setState({ status: 'error', message: errorText(error, t('somethingWentWrong')) })
    }
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('resetTitle')}
      </h1>
      {state.status === 'sent' ? (
        <p role="status">{t('resetSent', { email: email.trim() })}</p>
      ) : (
        <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="reset-email">{t('email')}</label>
          <input
            id="reset-email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={state.status === 'error'}
          />
          <FormError message={state.status === 'error' ? state.message : undefined} />
          <button type="submit" className="honu-button" disabled={state.status === 'sending'}>
            {t('sendResetLink')}
          </button>
        </form>
      )}
      <BackToSignIn />
    </>
  )
}

function ResetPassword({ code }: { code: string }) {
  const paths = usePaths()
  const client = useConsoleClient()
  const heading = useFocusHeading()
  const t = useMessages(passwordResetMessages)
  const errorText = useErrorText()
  // The link's code names the account; an invalid, expired or used one is said before any form shows.
  const check = useQuery({ key: ['password-reset-code', code], load: () => client.auth.verifyPasswordResetCode(code) })
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [state, setState] = useState<{ status: 'idle' | 'saving' | 'done' | 'error'; message?: string }>({ status: 'idle' })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (password.length < 6) return setState({ status: 'error', message: t('passwordTooShort') })
    if (password !== confirm) return setState({ status: 'error', message: t('passwordsDiffer') })
    setState({ status: 'saving' })
    try {
      await client.auth.confirmPasswordReset(code, password)
      setState({ status: 'done' })
    } catch (error) {
      setState({ status: 'error', message: errorText(error, t('somethingWentWrong')) })
    }
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('newPasswordTitle')}
      </h1>
      {check.status === 'loading' && <Loading>{t('checkingLink')}</Loading>}
      {check.status === 'error' && (
        <p className="honu-error" role="alert">
          {errorText(check.error, t('somethingWentWrong'))} <Link to={paths.authAction}>{t('askNewLink')}</Link>.
        </p>
      )}
      {state.status === 'done' && <p role="status">{t('passwordChanged')}</p>}
      {check.status === 'ready' && state.status !== 'done' && (
        <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('forAccount', { email: check.data })}</p>
          <label htmlFor="new-password">{t('newPassword')}</label>
          <input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <label htmlFor="confirm-password">{t('repeatPassword')}</label>
          <input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <FormError message={state.status === 'error' ? state.message : undefined} />
          <button type="submit" className="honu-button" disabled={state.status === 'saving'}>
            {t('savePassword')}
          </button>
        </form>
      )}
      <BackToSignIn />
    </>
  )
}
