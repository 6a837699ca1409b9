import { useId, useMemo, useState } from 'react'
import { MoreHorizontal, Plus } from 'lucide-react'
import { ALL_TENANTS, specMessages, type MessageKey, type TenantUser, type UsersSort } from '@honu/core'
import {
  DataTable,
  MenuButton,
  MenuItem,
  MenuSeparator,
  useConsoleClient,
  useDates,
  useMessages,
  useSession,
  type ColumnDef,
  type SortingState,
} from '@honu/console-kit'
import { LoadStatus } from '../../ui/load-status'
import { adminMessages } from './admin-messages'
import { NOTIFICATIONS, ORG_ADMIN, grantableRoles, isLastAdminRefusal, keepsAnAdmin, mayRemoveAnAdmin, type RoleChange } from './admin-rules'
import { Avatar } from './avatar'
import { ActionRefused, CreateUserDialog, RoleDialog, type NewUser, type RoleDialogState } from './user-dialogs'
import { useUsersList } from './use-users-list'

const ROW_HEIGHT = 44
const TABLE_HEIGHT = 480

const toSorting = (sort: UsersSort): SortingState => [{ id: sort.replace('-', ''), desc: sort.startsWith('-') }]
const toSort = (sorting: SortingState): UsersSort => {
  const first = sorting[0]
  const key = first?.id === 'email' || first?.id === 'joined' ? first.id : 'name'
  return (first?.desc ? `-${key}` : key) as UsersSort
}

/**
 * The users of the selected tenant (issue 15): a server-paged table (search, sort, scrolling through thousands),
 * creating a user, granting, changing and deleting roles with confirmation dialogs, spec §8's notification after
 * each, and spec §6's last-admin check before any removal or demotion (the server's 409 behind it).
 */
export function UsersPanel({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const client = useConsoleClient()
  const t = useMessages(adminMessages)
  const spec = useMessages(specMessages)
  const dates = useDates()
  const permissions = useSession((s) => s.user?.permissions)
  const [state, list] = useUsersList(tenantId)
  const [creating, setCreating] = useState(false)
  const [dialog, setDialog] = useState<RoleDialogState>()
  const searchId = useId()
  const grantable = grantableRoles(permissions)

  const notify = (key: MessageKey, tone: 'positive' | 'negative') => client.toasts.getState().show({ message: spec(key), tone })

  /** Runs one call of an action with its §8 notifications; a failure is reported and rethrown (the dialog stays). */
  const withNotice = async (notice: { ok: MessageKey; failed: MessageKey }, call: () => Promise<unknown>, onRefused?: () => string) => {
    try {
      await call()
    } catch (error) {
      notify(notice.failed, 'negative')
      throw new ActionRefused(onRefused && isLastAdminRefusal(error) ? onRefused() : undefined)
    }
    notify(notice.ok, 'positive')
  }

  const create = async ({ name, email, role }: NewUser) => {
    let uid = ''
    await withNotice(NOTIFICATIONS.create, async () => {
      ;({ uid } = await client.v1.createUser({ name, email }, { tenantId }))
    })
    const tenant = role === ORG_ADMIN ? ALL_TENANTS : tenantId
    await withNotice(NOTIFICATIONS.grant, () => client.v1.addUserRole(uid, { tenant, role }))
    await list.refresh()
  }

  const lastAdmin = () => t('lastAdmin', { tenant: tenantName })
  const runChange = async (user: TenantUser, change: RoleChange) => {
    // Spec §6 before any removal or demotion: the tenant's admins, all of them (the table holds only some pages).
    if (mayRemoveAnAdmin(user, tenantId, change)) {
      const everyone = await client.v1.listUsers(tenantId).catch(() => {
        notify('errorLoadingUsers', 'negative')
        throw new ActionRefused()
      })
      if (!keepsAnAdmin(everyone, tenantId, user, change)) throw new ActionRefused(lastAdmin())
    }
    const notice = NOTIFICATIONS[change.kind]
    await withNotice(
      notice,
      () => {
        switch (change.kind) {
          case 'grant':
            return client.v1.addUserRole(user.uid, { tenant: change.role === ORG_ADMIN ? ALL_TENANTS : tenantId, role: change.role })
          case 'change':
            return client.v1.updateUserRole(user.uid, { tenant: tenantId, role: change.role, new_role: change.newRole })
          case 'remove':
            return client.v1.removeUserRole(user.uid, tenantId, change.role)
          case 'remove-all':
            return client.v1.removeUserFromTenant(user.uid, tenantId)
        }
      },
      lastAdmin,
    )
    await list.refresh()
  }

  const columns = useMemo<ColumnDef<TenantUser>[]>(
    () => [
      {
        id: 'name',
        header: t('name'),
        size: 240,
        accessorFn: (user) => user.name,
        // Names are data: text, never markup.
        cell: ({ row }) => (
          <span className="honu-user-cell">
            <Avatar src={row.original.avatar} name={row.original.name || row.original.email} />
            <span className="honu-user-cell__name">{row.original.name}</span>
          </span>
        ),
      },
      { id: 'email', header: t('email'), size: 260, accessorFn: (user) => user.email },
      {
        id: 'roles',
        header: t('roles'),
        size: 180,
        enableSorting: false,
        accessorFn: (user) => (user.permissions[tenantId] ?? []).join(', ') || t('noRoles'),
      },
      {
        id: 'joined',
        header: t('joined'),
        size: 170,
        // A pending invitation (issue 22) has not joined: its roles wait until the person accepts. Its name cell stays
        // the name exactly, so the mark goes here.
        accessorFn: (user) => (user.pending ? t('invited') : user.joined ? dates.joined(user.joined) : ''),
        cell: ({ row, getValue }) => (row.original.pending ? <span className="honu-invited">{getValue<string>()}</span> : getValue<string>()),
      },
    ],
    [t, dates, tenantId],
  )

  const rowActions = (user: TenantUser) => {
    const name = user.name || user.email
    const hasRoles = (user.permissions[tenantId] ?? []).length > 0
    return (
      <MenuButton label={t('actionsFor', { name })} icon={MoreHorizontal} iconOnly className="honu-button--small">
        <MenuItem label={t('grantRole')} onSelect={() => setDialog({ kind: 'grant', user })} />
        {hasRoles && <MenuItem label={t('changeRole')} onSelect={() => setDialog({ kind: 'change', user })} />}
        {hasRoles && <MenuSeparator />}
        {hasRoles && <MenuItem label={t('removeRole')} onSelect={() => setDialog({ kind: 'remove', user })} />}
        {hasRoles && <MenuItem label={t('removeAll')} onSelect={() => setDialog({ kind: 'remove-all', user })} />}
      </MenuButton>
    )
  }

  return (
    <section className="honu-admin-users" aria-labelledby={`${searchId}-title`}>
      <div className="honu-admin__bar">
        <h2 id={`${searchId}-title`}>{t('usersOf', { tenant: tenantName })}</h2>
        <button type="button" className="honu-button" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('createUser')}
        </button>
      </div>
      <div className="honu-admin__search">
        <label htmlFor={searchId}>{t('search')}</label>
        <input
          id={searchId}
          type="search"
          value={state.query}
          onChange={(e) => list.setQuery(e.target.value)}
          aria-describedby={`${searchId}-help`}
          autoComplete="off"
        />
        <span id={`${searchId}-help`} className="honu-muted">
          {t('searchHelp')}
        </span>
      </div>
      <p className="honu-muted" role="status">
        {state.status === 'ready' ? (state.loadingMore ? t('loadingMore') : t('count', { shown: state.users.length, total: state.totalCount })) : ''}
      </p>
      {state.status === 'error' ? (
        <LoadStatus state={{ status: 'error', error: state.error }} what={t('theUsers')} onRetry={() => list.retry()} />
      ) : (
        <DataTable
          columns={columns}
          rows={state.users}
          getRowId={(user) => user.uid}
          label={t('usersOf', { tenant: tenantName })}
          sorting={toSorting(state.sort)}
          onSortingChange={(sorting) => list.setSort(toSort(sorting))}
          rowCount={state.status === 'ready' ? state.totalCount : 0}
          onEndReached={() => list.loadMore()}
          busy={state.status === 'loading' || state.loadingMore}
          rowHeight={ROW_HEIGHT}
          height={TABLE_HEIGHT}
          emptyText={
            state.status === 'loading' ? t('loadingUsers') : state.query.trim() ? t('noMatches', { query: state.query.trim() }) : t('noUsers')
          }
          renderRowActions={rowActions}
          actionsLabel={t('actions')}
        />
      )}
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} tenantName={tenantName} roles={grantable} onCreate={create} />
      <RoleDialog
        state={dialog}
        onClose={() => setDialog(undefined)}
        tenantId={tenantId}
        tenantName={tenantName}
        grantable={grantable}
        onRun={runChange}
      />
    </section>
  )
}
