import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { findCidrOverlaps, type Tenant } from '@honu/core'
import { useConsoleClient, useTenant, useErrorText, useMessages } from '@honu/console-kit'
import { usePaths } from '../navigation/paths-context'
import type { GuardState } from '../guards/route-guard'
import { LoadStatus } from './load-status'
import { useAsync } from './use-async'
import { useFocusHeading } from './use-focus-heading'
import { selectMessages } from '../messages/select'

/**
 * Tenant select (spec §2 `tenant`): the user's tenants sorted by name; picking one opens the stream viewer, or the
 * address the user came for when the guard sent them here on the way (a deep link through sign-in and this choice).
 */
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
  const [tenants, retry] = useAsync(() => client.v1.listTenants())
  const [picking, setPicking] = useState<string>()
  const [error, setError] = useState<string>()

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
      <LoadStatus state={tenants} what={t('yourTenants')} loading={t('loadingTenants')} onRetry={retry} />
      {tenants.status === 'ready' && tenants.data.length === 0 && <p>{t('noTenant')}</p>}
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
                {overlapping.has(tenant.tenant_id) && (
                  <span className="honu-choice__warning">{t('overlaps')}</span>
                )}
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
