import { checkNewPassword, ConsoleError, PASSWORD_MIN_LENGTH, specMessages, type NewPasswordProblem } from '@honu/core'
import { forwardRef, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useConsoleClient, useErrorText, useMessages, Dialog } from '@honu/console-kit'
import { accountMessages } from '../messages/account'

type Field = 'newPassword' | 'confirmation' | 'currentPassword'

/** Props of {@link ChangePasswordDialog}. */
export interface ChangePasswordDialogProps {
  /** Whether it shows; the user menu opens it. */
  open: boolean
  /** Called with `false` on Escape, the close button, Cancel (not while the change is under way), and after the change succeeded. */
  onOpenChange: (open: boolean) => void
}

/** The message key of each problem `checkNewPassword` finds. */
const PROBLEM_TEXT = {
  newPassword: { missing: 'missingNew', 'too-short': 'tooShort' },
  confirmation: { missing: 'missingConfirmation', mismatch: 'mismatch' },
} as const
const problemKey = (p: NewPasswordProblem) => (p.field === 'newPassword' ? PROBLEM_TEXT.newPassword[p.problem] : PROBLEM_TEXT.confirmation[p.problem])

/**
 * Changes the signed-in user's password (spec §1, §7 password change): the new password twice, checked before it
 * is sent (`checkNewPassword`). When the provider wants a recent sign-in (Firebase's `requires-recent-login`), the
 * dialog asks for the current password and re-authenticates with it before changing. Success closes with a
 * positive toast; a failure stays in the dialog (announced there: the page behind a modal dialog is hidden from
 * assistive technology) and leaves a negative toast. Nobody signed in: 'Could not change password, User not
 * defined' (spec §5).
 *
 * @example <ChangePasswordDialog open={open} onOpenChange={setOpen} />
 */
export default function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  const client = useConsoleClient()
  const id = useId()
  const t = useMessages(accountMessages)
  const spec = useMessages(specMessages)
  const errorText = useErrorText()
  const min = { min: PASSWORD_MIN_LENGTH }
  const [values, setValues] = useState({ newPassword: '', confirmation: '', currentPassword: '' })
  const [askCurrent, setAskCurrent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<{ field?: Field; message: string }>()
  const newPasswordRef = useRef<HTMLInputElement>(null)
  const confirmationRef = useRef<HTMLInputElement>(null)
  const currentPasswordRef = useRef<HTMLInputElement>(null)

  // Focus moves after the render that shows (and re-enables) the field: the current password appears only when asked for.
  // A new object per request, so asking for the same field twice moves focus twice.
  const [focusRequest, setFocusRequest] = useState<{ field: Field }>()
  useEffect(() => {
    if (!focusRequest) return
    const refs = { newPassword: newPasswordRef, confirmation: confirmationRef, currentPassword: currentPasswordRef }
    refs[focusRequest.field].current?.focus()
  }, [focusRequest])

  const close = (next: boolean) => {
    if (busy && !next) return
    onOpenChange(next)
  }
  const fail = (message: string, field?: Field) => {
    setProblem({ field, message })
    if (field) setFocusRequest({ field })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const invalid = checkNewPassword(values.newPassword, values.confirmation)
    if (invalid) return fail(t(problemKey(invalid), min), invalid.field)
    if (askCurrent && !values.currentPassword) return fail(t('missingCurrent'), 'currentPassword')
    setBusy(true)
    setProblem(undefined)
    try {
      await client.auth.changePassword(values.newPassword, askCurrent ? values.currentPassword : undefined)
      client.toasts.getState().show({ message: t('changed'), tone: 'positive' })
      onOpenChange(false)
    } catch (error) {
      const code = ConsoleError.is(error) ? error.code : undefined
      if (code === 'auth/requires-recent-login' && client.auth.canReauthenticate && !askCurrent) {
        // Not a failure: one more step. The notice says so politely and the new field takes focus.
        setAskCurrent(true)
        setFocusRequest({ field: 'currentPassword' })
        return
      }
      // 'Could not change password, User not defined' is the spec's own sentence (§5): shown as it is (in en-US).
      const noUser = code === 'auth/no-user' ? spec('passwordChangeNoUser') : undefined
      const reason =
        noUser ??
        (code === 'auth/invalid-credentials' && askCurrent
          ? t('wrongCurrent')
          : errorText(error, String((error as Error | undefined)?.message ?? error)))
      client.toasts.getState().show({ message: noUser ?? t('notChanged', { reason }), tone: 'negative' })
      fail(reason, code === 'auth/invalid-credentials' && askCurrent ? 'currentPassword' : code === 'auth/weak-password' ? 'newPassword' : undefined)
    } finally {
      setBusy(false)
    }
  }

  // What every password field shares; each gets its own ref in the JSX below.
  const fieldProps = (name: Field, label: string, autoComplete: string) => ({
    id: `${id}-${name}`,
    label,
    autoComplete,
    value: values[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    invalid: problem?.field === name,
    describedBy: problem?.field === name ? `${id}-problem` : name === 'currentPassword' ? `${id}-ask` : undefined,
    disabled: busy,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('passwordTitle')}
      description={t('passwordDescription', min)}
      closeOnOutsidePress={false}
      initialFocus={newPasswordRef}
    >
      <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={client.session.getState().user?.email ?? ''} readOnly hidden />
        <PasswordField ref={newPasswordRef} {...fieldProps('newPassword', t('newPassword'), 'new-password')} />
        <PasswordField ref={confirmationRef} {...fieldProps('confirmation', t('confirmation'), 'new-password')} />
        {askCurrent && <PasswordField ref={currentPasswordRef} {...fieldProps('currentPassword', t('currentPassword'), 'current-password')} />}
        {/* Live regions stay in the page while empty, so what they say next is announced. */}
        <p id={`${id}-ask`} role="status" className={askCurrent ? 'honu-notice' : 'honu-live'}>
          {askCurrent ? t('askCurrent') : ''}
        </p>
        <p id={`${id}-problem`} role="alert" className={problem ? 'honu-error' : 'honu-live'}>
          {problem?.message ?? ''}
        </p>
        {/* Inside the form (not the dialog's footer), so Enter in any field submits it. */}
        <div className="honu-dialog__footer">
          <button type="button" className="honu-button honu-button--quiet" onClick={() => close(false)} disabled={busy}>
            {t('cancel')}
          </button>
          <button type="submit" className="honu-button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('submitting') : t('submit')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

/** What {@link PasswordField} shows. */
interface PasswordFieldProps {
  id: string
  label: string
  autoComplete: string
  value: string
  onChange: (value: string) => void
  invalid: boolean
  describedBy: string | undefined
  disabled: boolean
}

/** One labelled password input of the form (forwardRef: React 18 hosts pass no `ref` prop to function components). */
const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        ref={ref}
        id={props.id}
        type="password"
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        disabled={props.disabled}
      />
    </>
  )
})
