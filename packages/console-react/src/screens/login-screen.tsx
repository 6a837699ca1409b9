import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { recoveryMessageBook } from '@honu/core'
import { useConsoleClient, useErrorText, useMessages, useSession } from '@honu/console-kit'
import { signInMessages } from '../messages/sign-in'
import { usePaths } from '../navigation/paths-context'
import { FormError } from '../ui/form-parts'
import { useFocusHeading } from '../ui/use-focus-heading'

/**
 * Sign-in with e-mail and password (spec §2 `login`). The guard moves a signed-in user on (step 5). After the
 * server ended the session, says so above the form.
 */
export function LoginScreen() {
  const paths = usePaths()
  const client = useConsoleClient()
  const navigate = useNavigate()
  const heading = useFocusHeading()
  const t = useMessages(signInMessages)
  const recovery = useMessages(recoveryMessageBook)
  const errorText = useErrorText()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const ended = useSession((s) => s.notice === 'session-ended')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim() || !password) {
      setError(t('missingCredentials'))
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      const outcome = await client.auth.signIn({ email, password })
      if (outcome === 'mfa-required') navigate(paths.mfaSignIn)
    } catch (failure) {
      setError(errorText(failure, t('failed')))
      setPassword('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('title')}
      </h1>
      {ended && (
        <p className="honu-notice" role="alert">
          {recovery('sessionEnded')}
        </p>
      )}
      <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby={error ? 'login-error' : undefined}>
        <label htmlFor="login-email">{t('email')}</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!error}
          required
        />
        <label htmlFor="login-password">{t('password')}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!error}
          required
        />
        <FormError id="login-error" message={error} />
        <button type="submit" className="honu-button" disabled={busy} data-state={busy ? 'loading' : 'idle'}>
          {busy ? t('submitting') : t('submit')}
        </button>
      </form>
      <p>
        <Link className="honu-link" to={paths.authAction}>
          {t('forgotPassword')}
        </Link>
      </p>
    </>
  )
}
