import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { findCidrOverlaps, type Invitation, type Tenant } from '@honu/core'
import { invitationsQuery, tenantsQuery } from '@honu/core/query'
import { useConsoleClient, useQuery, useQueryCache, useSession, useTenant, useErrorText, useMessages, type QueryResult } from '@honu/console-kit'
import { usePaths } from '../navigation/paths-context'
import type { GuardState } from '../navigation/route-access'
import { LoadStatus } from '../ui/load-status'
import { useFocusHeading } from '../ui/use-focus-heading'
import { selectMessages } from '../messages/select'

/**
 * Tenant select (spec §2 `tenant`): the user's tenants sorted by name; picking one opens the stream viewer, or the
 * address the user came for when the guard sent them here on the way (a deep link through sign-in and this choice).
 * Above them, the invitations waiting for the signed-in person (issue 22), each accepted or declined here: a
 * person with no console record yet signs in with empty permissions when invitations wait, and lands here.
 */
/** A person with no roles anywhere has no tenant list to ask for. */
const NO_TENANTS: QueryResult<Tenant[]> = { status: 'ready', data: [], retry: () => {} }

export function TenantSelectScreen() {
  const paths = usePaths()
  const client = useConsoleClient()
  const navigate = useNavigate()
  // Set by the navigation guard from the router's own location (never from the address bar), so it is a console path.
  const from = (useLocation().state as GuardState | null)?.from
  const heading = useFocusHeading()
  const t = useMessages(selectMessages)
  const errorText = useErrorText()
  const current = useTenant((s) => s.tenant?.tenant_id)
  // No roles anywhere (a person with only invitations has no console record, so no tenant list to ask for).
  const hasRoles = useSession((s) => Object.keys(s.user?.permissions ?? {}).length > 0)
  const tenantList = useQuery(hasRoles && tenantsQuery(client))
  const tenants = hasRoles ? tenantList : NO_TENANTS
  // Invitations are an addition to the screen: if they cannot be read, the tenants are still there to pick (and
  // the invitations load again by themselves when the connection returns).
  const invitations = useQuery(invitationsQuery(client))
  const queries = useQueryCache()
  const [picking, setPicking] = useState<string>()
  const [answering, setAnswering] = useState<string>()
  const [error, setError] = useState<string>()

  const answer = async (invitation: Invitation, accept: boolean) => {
    setAnswering(invitation.id)
    setError(undefined)
    try {
      if (accept) {
        await client.v1.acceptInvitation(invitation.id)
        // The new roles in the session, then the tenants they open (a declined invitation changes neither).
        await client.syncUser()
        queries.invalidate(tenantsQuery(client).key)
      } else {
        await client.v1.declineInvitation(invitation.id)
      }
      queries.invalidate(invitationsQuery(client).key)
    } catch (failure) {
      setError(errorText(failure, t(accept ? 'acceptFailed' : 'declineFailed')))
    } finally {
      setAnswering(undefined)
    }
  }
  const placesOf = (invitation: Invitation) =>
    [...invitation.tenants.map((tenant) => tenant.name), ...invitation.organisations.map((org) => org.name)].join(', ')
  const rolesOf = (invitation: Invitation) =>
    [
      ...invitation.tenants.map((tenant) => `${tenant.name}: ${tenant.roles.join(', ')}`),
      ...invitation.organisations.map((org) => `${org.name}: ${Object.values(org.roles).flat().join(', ')}`),
    ].join('; ')

  // Tenants whose networks overlap another tenant's are flagged: routing between them is ambiguous.
  const overlapping = useMemo(() => {
    if (tenants.status !== 'ready') return new Set<string>()
    const networks = tenants.data.flatMap((t) => [
      { id: t.tenant_id, cidr: t.remote_cidr },
      { id: t.tenant_id, cidr: t.vpn_cidr },
    ])
    return new Set(findCidrOverlaps(networks).flatMap(({ a, b }) => [a.id, b.id]))
  }, [tenants])

  const pick = async (tenant: Tenant) => {
    setPicking(tenant.tenant_id)
    setError(undefined)
    try {
      await client.selectTenant(tenant)
      navigate(from && from !== paths.tenant ? from : paths.streams)
    } catch (failure) {
      setError(errorText(failure, t('openTenantFailed')))
    } finally {
      setPicking(undefined)
    }
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('chooseTenant')}
      </h1>
      {invitations.status === 'ready' && invitations.data.length > 0 && (
        <section aria-labelledby="honu-invitations-heading" className="honu-invitations">
          <h2 id="honu-invitations-heading">{t('invitations')}</h2>
          <ul className="honu-choice-list" aria-label={t('invitations')}>
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="honu-invitation">
                <span className="honu-choice__title">{t('invitedTo', { places: placesOf(invitation) })}</span>
                <span className="honu-choice__detail">{t('invitedAs', { roles: rolesOf(invitation) })}</span>
                <span className="honu-invitation__actions">
                  <button
                    type="button"
                    className="honu-button honu-button--primary"
                    onClick={() => void answer(invitation, true)}
                    disabled={answering !== undefined}
                  >
                    {t('acceptInvitation', { places: placesOf(invitation) })}
                  </button>
                  <button
                    type="button"
                    className="honu-button honu-button--secondary"
                    onClick={() => void answer(invitation, false)}
                    disabled={answering !== undefined}
                  >
                    {t('declineInvitation', { places: placesOf(invitation) })}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <LoadStatus state={tenants} what={t('yourTenants')} loading={t('loadingTenants')} onRetry={tenants.retry} />
      {tenants.status === 'ready' && tenants.data.length === 0 && (
        <p>{invitations.status === 'ready' && invitations.data.length > 0 ? t('noTenantButInvited') : t('noTenant')}</p>
      )}
      {tenants.status === 'ready' && tenants.data.length > 0 && (
        <ul className="honu-choice-list" aria-label={t('tenants')}>
          {tenants.data.map((tenant) => (
            <li key={tenant.tenant_id}>
              <button
                type="button"
                className="honu-choice"
                onClick={() => void pick(tenant)}
                disabled={picking !== undefined}
                aria-current={tenant.tenant_id === current ? 'true' : undefined}
                data-state={picking === tenant.tenant_id ? 'loading' : 'idle'}
              >
                <span className="honu-choice__title">{tenant.name}</span>
                <span className="honu-choice__detail">
                  {tenant.remote_cidr_range
                    ? t('network', {
                        cidr: tenant.remote_cidr ?? '',
                        start: tenant.remote_cidr_range.start,
                        end: tenant.remote_cidr_range.end,
                      })
                    : t('noNetwork')}
                </span>
                {overlapping.has(tenant.tenant_id) && <span className="honu-choice__warning">{t('overlaps')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="honu-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
