import { useId, useMemo, useState, type FormEvent } from 'react'
import { Download } from 'lucide-react'
import { isSuperAdmin, type AuditFilters, type AuditTrailEntry } from '@honu/core'
import { DataTable, Dialog, useDates, useErrorText, useMessages, useSession, useTranslationsReady, type ColumnDef } from '@honu/console-kit'
import { LoadStatus } from '../../../ui/load-status'
import { auditMessages } from './audit-messages'
import { changesLine, fieldChanges } from './audit-changes'
import { isoToUtcInput, utcInputToIso } from './audit-time'
import { useAuditTrail } from './use-audit-trail'

const ROW_HEIGHT = 44
const TABLE_HEIGHT = 480

/** The actions the server writes, offered as suggestions; any text is allowed (`role.*` matches every role action). */
const ACTIONS = [
  'video.create',
  'video.update',
  'video.delete',
  'tenant.rename',
  'user.create',
  'role.*',
  'role.grant',
  'role.change',
  'role.remove',
  'role.remove-all',
  'org-user.create',
  'org-user.delete',
  'org-role.update',
  'org-role.delete',
] as const
/** The resource types the server writes. */
const RESOURCE_TYPES = [
  'user',
  'video',
  'tenant',
  'device',
  'org-user',
  'organisation',
  'campaign',
  'platform',
  'mission',
  'execution',
  'asset',
  'asset/group',
  'chart',
] as const

/** The filter form's fields as typed (times as `datetime-local` values in UTC). */
interface Draft {
  actor: string
  action: string
  resourceType: string
  resourceId: string
  from: string
  to: string
  allTenants: boolean
}

const draftOf = (filters: AuditFilters): Draft => ({
  actor: filters.actor ?? '',
  action: filters.action ?? '',
  resourceType: filters.resourceType ?? '',
  resourceId: filters.resourceId ?? '',
  from: isoToUtcInput(filters.from),
  to: isoToUtcInput(filters.to),
  allTenants: filters.tenantId === null,
})

// The translations the screen waits for.
const BOOKS = [auditMessages.translations]

/** Props of {@link AuditTrail}. */
export interface AuditTrailProps {
  /** The selected tenant, whose trail shows (a super admin may widen it to every tenant). */
  tenantId: string
  /** Its name, for the heading and the table's name. */
  tenantName: string
}

/**
 * The audit trail of the admin console (issue 15): who changed what and when, with the changed fields before and
 * after, newest first, filtered by actor, action, resource and time (the server filters and pages; the table
 * scrolls through thousands), and the filtered view exported as CSV or JSON (every matching entry, streamed by the
 * server, downloaded with the bearer header). Values and names are text, never markup. Admins see their tenant's
 * trail; a super admin may also ask for every tenant's.
 *
 * @example <AuditTrail tenantId={tenant.tenant_id} tenantName={tenant.name} />
 */
export function AuditTrail({ tenantId, tenantName }: AuditTrailProps) {
  const t = useMessages(auditMessages)
  const dates = useDates()
  const errorText = useErrorText()
  const superAdmin = useSession((s) => isSuperAdmin(s.user?.permissions))
  useTranslationsReady(BOOKS)
  const [state, list] = useAuditTrail({ tenantId })
  const [draft, setDraft] = useState<Draft>(() => draftOf({ tenantId }))
  const [rangeError, setRangeError] = useState(false)
  const [shown, setShown] = useState<AuditTrailEntry>()
  const id = useId()
  const everyTenant = state.filters.tenantId === null
  const filtered = Object.entries(state.filters).some(([key, value]) => key !== 'tenantId' && value)

  const edit = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const apply = (event: FormEvent) => {
    event.preventDefault()
    const from = utcInputToIso(draft.from)
    const to = utcInputToIso(draft.to)
    if (from && to && from >= to) {
      setRangeError(true)
      return
    }
    setRangeError(false)
    list.setFilters({
      tenantId: superAdmin && draft.allTenants ? null : tenantId,
      actor: draft.actor.trim() || undefined,
      action: draft.action.trim() || undefined,
      resourceType: draft.resourceType || undefined,
      resourceId: draft.resourceId.trim() || undefined,
      from,
      to,
    })
  }
  const clear = () => {
    setDraft(draftOf({ tenantId }))
    setRangeError(false)
    list.setFilters({ tenantId })
  }

  const columns = useMemo<ColumnDef<AuditTrailEntry>[]>(
    () => [
      { id: 'at', header: t('at'), size: 285, enableSorting: false, accessorFn: (entry) => dates.utc(entry.at) },
      { id: 'actor', header: t('actor'), size: 190, enableSorting: false, accessorFn: (entry) => entry.actor.email ?? entry.actor.uid },
      ...(everyTenant
        ? [
            {
              id: 'tenant',
              header: t('tenant'),
              size: 110,
              enableSorting: false,
              accessorFn: (entry: AuditTrailEntry) => entry.tenant_id ?? t('global'),
            },
          ]
        : []),
      { id: 'action', header: t('action'), size: 140, enableSorting: false, accessorFn: (entry) => entry.action },
      {
        id: 'resource',
        header: t('resource'),
        size: 190,
        enableSorting: false,
        accessorFn: (entry) => `${entry.resource.type} ${entry.resource.id}`,
      },
      {
        id: 'changes',
        header: t('changes'),
        size: 360,
        enableSorting: false,
        // The values are data: the cell renders this string as text, never as markup.
        accessorFn: (entry) => changesLine(fieldChanges(entry.before, entry.after), t('none')) || t('nothingChanged'),
      },
    ],
    [t, dates, everyTenant],
  )

  const exporting = state.export.status === 'exporting'
  const exportLine = () => {
    switch (state.export.status) {
      case 'exporting':
        return t('exporting', { format: state.export.format.toUpperCase() })
      case 'done':
        return t('exported', { file: state.export.fileName })
      default:
        return ''
    }
  }

  return (
    <section className="honu-audit" aria-labelledby={`${id}-title`}>
      <div className="honu-admin__bar">
        <h2 id={`${id}-title`}>{everyTenant ? t('titleAll') : t('title', { tenant: tenantName })}</h2>
        <div className="honu-actions" role="group" aria-label={t('exportHelp')}>
          <button type="button" className="honu-button honu-button--secondary" disabled={exporting} onClick={() => void list.exportAs('csv')}>
            <Download aria-hidden="true" />
            {t('exportCsv')}
          </button>
          <button type="button" className="honu-button honu-button--secondary" disabled={exporting} onClick={() => void list.exportAs('json')}>
            <Download aria-hidden="true" />
            {t('exportJson')}
          </button>
        </div>
      </div>
      <p className="honu-muted" role="status">
        {exportLine()}
      </p>
      {state.export.status === 'failed' && (
        <p className="honu-error" role="alert">
          {t('exportFailed', { detail: errorText(state.export.error, '') })}
        </p>
      )}

      <form className="honu-audit__filters" aria-label={t('filters')} onSubmit={apply} noValidate>
        <div className="honu-audit__field">
          <label htmlFor={`${id}-actor`}>{t('actor')}</label>
          <input
            id={`${id}-actor`}
            type="text"
            value={draft.actor}
            onChange={(e) => edit('actor', e.target.value)}
            aria-describedby={`${id}-actor-help`}
            autoComplete="off"
          />
          <span id={`${id}-actor-help`} className="honu-muted">
            {t('actorHelp')}
          </span>
        </div>
        <div className="honu-audit__field">
          <label htmlFor={`${id}-action`}>{t('action')}</label>
          <input
            id={`${id}-action`}
            type="text"
            list={`${id}-actions`}
            value={draft.action}
            onChange={(e) => edit('action', e.target.value)}
            aria-describedby={`${id}-action-help`}
            autoComplete="off"
          />
          <datalist id={`${id}-actions`}>
            {ACTIONS.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
          <span id={`${id}-action-help`} className="honu-muted">
            {t('actionHelp')}
          </span>
        </div>
        <div className="honu-audit__field">
          <label htmlFor={`${id}-type`}>{t('resourceType')}</label>
          <select id={`${id}-type`} value={draft.resourceType} onChange={(e) => edit('resourceType', e.target.value)}>
            <option value="">{t('anyResource')}</option>
            {RESOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="honu-audit__field">
          <label htmlFor={`${id}-resource`}>{t('resourceId')}</label>
          <input id={`${id}-resource`} type="text" value={draft.resourceId} onChange={(e) => edit('resourceId', e.target.value)} autoComplete="off" />
        </div>
        <div className="honu-audit__field">
          <label htmlFor={`${id}-from`}>{t('from')}</label>
          <input
            id={`${id}-from`}
            type="datetime-local"
            value={draft.from}
            onChange={(e) => edit('from', e.target.value)}
            aria-invalid={rangeError || undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
          />
        </div>
        <div className="honu-audit__field">
          <label htmlFor={`${id}-to`}>{t('to')}</label>
          <input
            id={`${id}-to`}
            type="datetime-local"
            value={draft.to}
            onChange={(e) => edit('to', e.target.value)}
            aria-invalid={rangeError || undefined}
          />
        </div>
        {superAdmin && (
          <div className="honu-audit__check">
            <input id={`${id}-all`} type="checkbox" checked={draft.allTenants} onChange={(e) => edit('allTenants', e.target.checked)} />
            <label htmlFor={`${id}-all`}>{t('allTenants')}</label>
          </div>
        )}
        {rangeError && (
          <p id={`${id}-range`} className="honu-error" role="alert">
            {t('badRange')}
          </p>
        )}
        <div className="honu-form__actions">
          <button type="submit" className="honu-button">
            {t('apply')}
          </button>
          <button type="button" className="honu-button honu-button--secondary" onClick={clear}>
            {t('clear')}
          </button>
        </div>
      </form>

      <p className="honu-muted" role="status">
        {state.status === 'ready' ? t('count', { shown: state.entries.length, total: state.totalCount }) : ''}
      </p>
      {state.status === 'error' ? (
        <LoadStatus state={{ status: 'error', error: state.error }} what={t('theTrail')} onRetry={() => list.retry()} />
      ) : state.entries.length === 0 ? (
        // No table without rows: an empty table's scrolling area has nothing to focus (axe: scrollable-region-focusable).
        <p className="honu-muted">{state.status === 'loading' ? t('loading') : filtered ? t('noMatches') : t('empty')}</p>
      ) : (
        <DataTable
          columns={columns}
          rows={state.entries}
          getRowId={(entry) => entry.id}
          label={t('table')}
          rowCount={state.status === 'ready' ? state.totalCount : 0}
          onEndReached={() => list.loadMore()}
          busy={state.status === 'loading' || state.loadingMore}
          rowHeight={ROW_HEIGHT}
          height={TABLE_HEIGHT}
          emptyText={t('empty')}
          actionsLabel={t('detailsColumn')}
          renderRowActions={(entry) => (
            <button
              type="button"
              className="honu-button honu-button--small honu-button--secondary"
              aria-label={t('details', { id: entry.id })}
              onClick={() => setShown(entry)}
            >
              {t('detailsButton')}
            </button>
          )}
        />
      )}
      {state.moreFailed && (
        <div className="honu-error" role="alert">
          <p>{t('loadMoreFailed')}</p>
          <button type="button" className="honu-button" onClick={() => list.loadMore()}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      <EntryDialog entry={shown} onClose={() => setShown(undefined)} />
    </section>
  )
}

/** The changes of one entry, field by field, before and after (as text). */
function EntryDialog({ entry, onClose }: { entry: AuditTrailEntry | undefined; onClose: () => void }) {
  const t = useMessages(auditMessages)
  const dates = useDates()
  const changes = entry ? fieldChanges(entry.before, entry.after) : []
  return (
    <Dialog
      open={entry !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={entry ? t('detailsTitle', { action: entry.action, type: entry.resource.type, id: entry.resource.id }) : ''}
      description={entry ? t('detailsDescription', { actor: entry.actor.email ?? entry.actor.uid, at: dates.utc(entry.at) }) : undefined}
      size="large"
      closeLabel={t('close')}
      footer={
        <button type="button" className="honu-button" onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      {changes.length === 0 ? (
        <p>{t('nothingChanged')}</p>
      ) : (
        <table className="honu-audit__changes">
          <thead>
            <tr>
              <th scope="col">{t('field')}</th>
              <th scope="col">{t('before')}</th>
              <th scope="col">{t('after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td>
                  <code>{change.before ?? t('none')}</code>
                </td>
                <td>
                  <code>{change.after ?? t('none')}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  )
}
