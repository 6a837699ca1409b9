import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Copy } from 'lucide-react'
import type { DeviceKind, ManagedDevice, ManagedDeviceKind } from '@honu/core'
import { Dialog, useMessages } from '@honu/console-kit'
import { adminMessages } from './admin-messages'
import { deviceFormProblems, deviceFormValues, type DeviceFormProblem, type DeviceFormValues } from './device-form'

/** The kinds a device may be registered as, in the order the select offers them. */
const KINDS: readonly ManagedDeviceKind[] = ['camera', 'vehicle', 'remote_access']
const KIND_LABEL = { camera: 'kindCamera', vehicle: 'kindVehicle', remote_access: 'kindRemoteAccess', unknown: 'kindOther' } as const

/** A kind's name in the console's language. */
export function useKindLabel(): (kind: string) => string {
  const t = useMessages(adminMessages)
  return (kind) => t(KIND_LABEL[kind in KIND_LABEL ? (kind as DeviceKind) : 'unknown'])
}

/** One labelled input with its help and its problem, each referenced from the input. */
function Field({
  id,
  label,
  help,
  problem,
  children,
}: {
  id: string
  label: string
  help?: string
  problem?: string
  children: (described: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode
}) {
  const describedBy = [help && `${id}-help`, problem && `${id}-error`].filter(Boolean).join(' ')
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': problem ? true : undefined })}
      {help && (
        <span id={`${id}-help`} className="honu-muted honu-field-help">
          {help}
        </span>
      )}
      {problem && (
        <p id={`${id}-error`} className="honu-error">
          {problem}
        </p>
      )}
    </>
  )
}

/** Props of {@link DeviceDialog}. */
export interface DeviceDialogProps {
  /** The device to edit; undefined to register a new one. */
  device?: ManagedDevice
  tenantName: string
  onClose: () => void
  /**
   * Sends the fields: resolves when saved (the dialog closes), rejects with the failure (the dialog stays with
   * `failedText`'s words for it, nothing typed lost).
   */
  onSave: (values: DeviceFormValues) => Promise<void>
  /** The failure in words: the server's for a 409 or a 400, else the fallback. */
  failedText: (error: unknown) => string
}

/**
 * Registers a device or edits one (issue 24): name, kind (fixed once registered), address; a vehicle's MAVLink
 * system id and signing key; a remote-access device's desktop host, port and password. Secrets are write-only: on an
 * edit their fields start empty, empty keeps what is stored, and a checkbox removes it.
 */
export function DeviceDialog({ device, tenantName, onClose, onSave, failedText }: DeviceDialogProps) {
  const t = useMessages(adminMessages)
  const kindLabel = useKindLabel()
  const id = useId()
  const [values, setValues] = useState(() => deviceFormValues(device))
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const editing = !!device
  const problems = touched ? deviceFormProblems(values) : []
  const problem = (field: DeviceFormProblem['field']) => {
    const found = problems.find((p) => p.field === field)
    return found && t(found.message)
  }
  const set = <K extends keyof DeviceFormValues>(key: K, value: DeviceFormValues[K]) => setValues((v) => ({ ...v, [key]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (deviceFormProblems(values).length > 0) return
    setBusy(true)
    setError(undefined)
    try {
      await onSave(values)
      onClose()
    } catch (failure) {
      setError(failedText(failure))
    } finally {
      setBusy(false)
    }
  }

  const hasKey = !!device?.has_signing_key
  const hasPassword = !!device?.desktop?.has_password
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={editing ? t('editTitle', { name: device.name }) : t('registerTitle')}
      description={
        editing ? t('editDescription', { kind: kindLabel(device.kind), tenant: tenantName }) : t('registerDescription', { tenant: tenantName })
      }
      closeOnOutsidePress={false}
    >
      <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id={`${id}-name`} label={t('name')} problem={problem('name')}>
          {(props) => <input {...props} value={values.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
        </Field>
        {!editing && (
          <Field id={`${id}-kind`} label={t('kind')}>
            {(props) => (
              <select {...props} value={values.kind} onChange={(e) => set('kind', e.target.value as ManagedDeviceKind)}>
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kindLabel(kind)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field id={`${id}-address`} label={t('address')} help={t('addressHelp')}>
          {(props) => (
            <input {...props} value={values.address} onChange={(e) => set('address', e.target.value)} autoComplete="off" spellCheck={false} />
          )}
        </Field>
        {values.kind === 'vehicle' && (
          <>
            <Field id={`${id}-system-id`} label={t('systemId')} help={t('systemIdHelp')} problem={problem('systemId')}>
              {(props) => (
                <input {...props} inputMode="numeric" value={values.systemId} onChange={(e) => set('systemId', e.target.value)} autoComplete="off" />
              )}
            </Field>
            <Field id={`${id}-key`} label={t('signingKey')} help={hasKey ? t('signingKeyKeep') : t('signingKeyHelp')} problem={problem('signingKey')}>
              {(props) => (
                <input
                  {...props}
                  type="password"
                  value={values.signingKey}
                  disabled={values.clearSigningKey}
                  onChange={(e) => set('signingKey', e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
            {hasKey && (
              <label className="honu-checkbox">
                <input type="checkbox" checked={values.clearSigningKey} onChange={(e) => set('clearSigningKey', e.target.checked)} />{' '}
                {t('clearSigningKey')}
              </label>
            )}
          </>
        )}
        {values.kind === 'remote_access' && (
          <>
            <Field id={`${id}-host`} label={t('desktopHost')} help={t('desktopHelp')} problem={problem('host')}>
              {(props) => (
                <input {...props} value={values.host} onChange={(e) => set('host', e.target.value)} autoComplete="off" spellCheck={false} />
              )}
            </Field>
            <Field id={`${id}-port`} label={t('desktopPort')} problem={problem('port')}>
              {(props) => (
                <input {...props} inputMode="numeric" value={values.port} onChange={(e) => set('port', e.target.value)} autoComplete="off" />
              )}
            </Field>
            <Field id={`${id}-password`} label={t('desktopPassword')} help={hasPassword ? t('passwordKeep') : undefined}>
              {(props) => (
                <input
                  {...props}
                  type="password"
                  value={values.password}
                  disabled={values.clearPassword}
                  onChange={(e) => set('password', e.target.value)}
                  autoComplete="new-password"
                />
              )}
            </Field>
            {hasPassword && (
              <label className="honu-checkbox">
                <input type="checkbox" checked={values.clearPassword} onChange={(e) => set('clearPassword', e.target.checked)} /> {t('clearPassword')}
              </label>
            )}
          </>
        )}
        {error && (
          <p className="honu-error" role="alert">
            {error}
          </p>
        )}
        <div className="honu-dialog__footer">
          <button type="button" className="honu-button honu-button--quiet" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="honu-button" disabled={busy} aria-busy={busy || undefined}>
            {editing ? t('save') : t('register')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

/**
 * A device's new ingest token, shown once (the server keeps only its hash): the token, selectable and read-only, a
 * copy button, and the warning that it will not be shown again.
 */
export function TokenDialog({ name, token, onClose }: { name: string; token: string; onClose: () => void }) {
  const t = useMessages(adminMessages)
  const id = useId()
  const [copied, setCopied] = useState<'copied' | 'copyFailed'>()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token)
      setCopied('copied')
    } catch {
      setCopied('copyFailed')
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('tokenTitle', { name })}
      description={t('tokenWarning')}
      role="alertdialog"
      closeOnOutsidePress={false}
      footer={
        <button type="button" className="honu-button" onClick={onClose}>
          {t('done')}
        </button>
      }
    >
      <div className="honu-form">
        <label htmlFor={`${id}-token`}>{t('token')}</label>
        <div className="honu-token">
          <input id={`${id}-token`} className="honu-token__value" value={token} readOnly spellCheck={false} onFocus={(e) => e.target.select()} />
          <button type="button" className="honu-button honu-button--quiet" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t('copy')}
          </button>
        </div>
        <p className="honu-muted" role="status">
          {copied ? t(copied) : ''}
        </p>
      </div>
    </Dialog>
  )
}
