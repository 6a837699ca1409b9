import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { TenantUser } from '@honu/core'
import { Dialog, useMessages } from '@honu/console-kit'
import { adminMessages } from './admin-messages'
import { ORG_ADMIN, TENANT_ROLES, type RoleChange } from './admin-rules'

/** Shown when an action was refused or failed: the dialog stays open with the reason, nothing typed is lost. */
export class ActionRefused extends Error {
  constructor(readonly reason?: string) {
    super(reason ?? 'refused')
  }
}

/** What a dialog's submit runs: resolves when done (the dialog closes), rejects to stay open. */
type Run<T> = (value: T) => Promise<void>

function useRunner<T>(run: Run<T>, onClose: () => void) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const submit = async (value: T) => {
    setBusy(true)
    setError(undefined)
    try {
      await run(value)
      onClose()
    } catch (failure) {
      // The failure's toast is the caller's; a reason (the last-admin refusal) shows in the dialog too.
      if (failure instanceof ActionRefused && failure.reason) setError(failure.reason)
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, submit }
}

function DialogButtons({ busy, label, danger, onCancel }: { busy: boolean; label: string; danger?: boolean; onCancel: () => void }) {
  const t = useMessages(adminMessages)
  return (
    <>
      <button type="button" className="honu-button honu-button--quiet" disabled={busy} onClick={onCancel}>
        {t('cancel')}
      </button>
      <button type="submit" className={`honu-button${danger ? ' honu-button--danger' : ''}`} disabled={busy} aria-busy={busy || undefined}>
        {label}
      </button>
    </>
  )
}

function RoleSelect({
  id,
  label,
  roles,
  value,
  onChange,
}: {
  id: string
  label: string
  roles: readonly string[]
  value: string
  onChange: (role: string) => void
}) {
  const t = useMessages(adminMessages)
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {role === ORG_ADMIN ? t('orgAdmin') : role}
          </option>
        ))}
      </select>
    </>
  )
}

function Failure({ error }: { error?: string }) {
  if (!error) return null
  return (
    <p className="honu-error" role="alert">
      {error}
    </p>
  )
}

/** The fields of a new user. */
export interface NewUser {
  name: string
  email: string
  role: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Creates a user (name, e-mail) and grants the role picked, in the selected tenant. */
export function CreateUserDialog({
  open,
  onClose,
  tenantName,
  roles,
  onCreate,
}: {
  open: boolean
  onClose: () => void
  tenantName: string
  roles: readonly string[]
  onCreate: Run<NewUser>
}) {
  const t = useMessages(adminMessages)
  const id = useId()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState('reader')
  const [touched, setTouched] = useState(false)
  const close = () => {
    setName('')
    setEmail('')
    setRole('reader')
    setTouched(false)
    onClose()
  }
  const { busy, error, submit } = useRunner(onCreate, close)
  const nameMissing = !name.trim()
  const emailInvalid = !EMAIL.test(email.trim())
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (nameMissing || emailInvalid) return
    void submit({ name: name.trim(), email: email.trim(), role })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && close()}
      title={t('createTitle')}
      description={t('createDescription', { tenant: tenantName })}
      closeOnOutsidePress={false}
    >
      <form className="honu-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-name`}>{t('name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          aria-invalid={touched && nameMissing}
          aria-describedby={touched && nameMissing ? `${id}-name-error` : undefined}
        />
        {touched && nameMissing && (
          <p id={`${id}-name-error`} className="honu-error">
            {t('missingName')}
          </p>
        )}
        <label htmlFor={`${id}-email`}>{t('email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          aria-invalid={touched && emailInvalid}
          aria-describedby={touched && emailInvalid ? `${id}-email-error` : undefined}
        />
        {touched && emailInvalid && (
          <p id={`${id}-email-error`} className="honu-error">
            {t('invalidEmail')}
          </p>
        )}
        <RoleSelect id={`${id}-role`} label={t('role')} roles={roles} value={role} onChange={setRole} />
        <Failure error={error} />
        <div className="honu-dialog__footer">
          <DialogButtons busy={busy} label={t('create')} onCancel={close} />
        </div>
      </form>
    </Dialog>
  )
}

/** Which role dialog is open, for which user. */
export type RoleDialogState = { kind: 'grant' | 'change' | 'remove' | 'remove-all'; user: TenantUser }

/**
 * Grants, changes or deletes a role of one user, or deletes all of them: a form naming the roles, whose submit
 * is the confirmation (an alert dialog for the deletions).
 */
export function RoleDialog({
  state,
  onClose,
  tenantId,
  tenantName,
  grantable,
  onRun,
}: {
  state: RoleDialogState | undefined
  onClose: () => void
  tenantId: string
  tenantName: string
  /** Roles a grant may give (org-admin only for a super admin). */
  grantable: readonly string[]
  onRun: (user: TenantUser, change: RoleChange) => Promise<void>
}) {
  const t = useMessages(adminMessages)
  const id = useId()
  const user = state?.user
  const current = user ? [...(user.permissions[tenantId] ?? [])] : []
  const [role, setRole] = useState<string>()
  const [newRole, setNewRole] = useState<string>()
  const close = () => {
    setRole(undefined)
    setNewRole(undefined)
    onClose()
  }
  const { busy, error, submit } = useRunner((change: RoleChange) => (user ? onRun(user, change) : Promise.resolve()), close)
  if (!state || !user) return null
  const name = user.name || user.email

  const offered = state.kind === 'grant' ? grantable.filter((r) => !current.includes(r)) : TENANT_ROLES.filter((r) => r !== (role ?? current[0]))
  const chosenRole = role ?? (state.kind === 'grant' ? offered[0] : current[0]) ?? ''
  const chosenNew = newRole && offered.includes(newRole as never) ? newRole : (offered[0] ?? '')
  const change: RoleChange =
    state.kind === 'grant'
      ? { kind: 'grant', role: chosenRole }
      : state.kind === 'change'
        ? { kind: 'change', role: chosenRole, newRole: chosenNew }
        : state.kind === 'remove'
          ? { kind: 'remove', role: chosenRole }
          : { kind: 'remove-all' }
  const danger = state.kind === 'remove' || state.kind === 'remove-all'
  const title = {
    grant: t('grantTitle', { name }),
    change: t('changeTitle', { name }),
    remove: t('removeRoleQuestion', { name, role: chosenRole }),
    'remove-all': t('removeAllQuestion', { name, tenant: tenantName }),
  }[state.kind]
  const description = {
    grant: t('grantDescription', { name, tenant: tenantName }),
    change: t('confirmChange', { name, role: chosenRole, newRole: chosenNew }),
    remove: t('removeRoleWarning', { name, tenant: tenantName }),
    'remove-all': t('removeAllWarning', { name, tenant: tenantName }),
  }[state.kind]
  const label = { grant: t('grant'), change: t('change'), remove: t('delete'), 'remove-all': t('delete') }[state.kind]
  let fields: ReactNode = null
  if (state.kind === 'grant') fields = <RoleSelect id={`${id}-role`} label={t('role')} roles={offered} value={chosenRole} onChange={setRole} />
  if (state.kind === 'change')
    fields = (
      <>
        {current.length > 1 && <RoleSelect id={`${id}-from`} label={t('fromRole')} roles={current} value={chosenRole} onChange={setRole} />}
        <RoleSelect id={`${id}-to`} label={t('toRole')} roles={offered} value={chosenNew} onChange={setNewRole} />
      </>
    )
  if (state.kind === 'remove' && current.length > 1)
    fields = <RoleSelect id={`${id}-role`} label={t('role')} roles={current} value={chosenRole} onChange={setRole} />
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && close()}
      title={title}
      description={description}
      role={danger ? 'alertdialog' : 'dialog'}
      size={danger ? 'small' : 'medium'}
      closeOnOutsidePress={false}
    >
      <form className="honu-form" onSubmit={(event) => (event.preventDefault(), void submit(change))} noValidate>
        {fields}
        <Failure error={error} />
        <div className="honu-dialog__footer">
          <DialogButtons busy={busy || (state.kind === 'grant' && !chosenRole)} label={label} danger={danger} onCancel={close} />
        </div>
      </form>
    </Dialog>
  )
}
