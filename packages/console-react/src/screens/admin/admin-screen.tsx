import { useState } from 'react'
import { useMessages, useSession, useTenant, useTranslationsReady } from '@honu/console-kit'
import { useFocusHeading } from '../../ui/use-focus-heading'
import { adminMessages } from './admin-messages'
import { AuditTrail } from './audit/audit-trail'
import { canAdminister } from './admin-rules'
import { DevicesPanel } from './devices-panel'
import { Tabs } from './tabs'
import { TenantsPanel } from './tenants-panel'
import { UsersPanel } from './users-panel'

type Section = 'users' | 'tenants' | 'devices' | 'audit'

// The translations the screen waits for.
const BOOKS = [adminMessages.translations]

/**
 * The admin console (spec §2 `adminconsole`, issue 15) for admins of the selected tenant and super admins: the
 * tenant's users and their roles, the tenants the user administers, the tenant's devices (issue 24) and the audit
 * trail. Anyone else sees "You need to be an admin of this tenant" and nothing is fetched for them (the server
 * refuses them anyway).
 */
export function AdminScreen() {
  const t = useMessages(adminMessages)
  const heading = useFocusHeading()
  const tenant = useTenant((s) => s.tenant)
  const roles = useTenant((s) => s.roles)
  const permissions = useSession((s) => s.user?.permissions)
  const [section, setSection] = useState<Section>('users')
  useTranslationsReady(BOOKS)
  const allowed = !!tenant && canAdminister(roles, permissions)

  return (
    <section className="honu-admin" aria-labelledby="honu-work-area-title">
      <h1 id="honu-work-area-title" ref={heading} tabIndex={-1}>
        {t('title')}
      </h1>
      {!allowed || !tenant ? (
        <div className="honu-empty">
          <p className="honu-empty__title">{t('forbidden')}</p>
          <p className="honu-empty__text">{t('forbiddenHint', { tenant: tenant?.name ?? '' })}</p>
        </div>
      ) : (
        <Tabs<Section>
          label={t('sections')}
          selected={section}
          onSelect={setSection}
          tabs={[
            {
              key: 'users',
              label: t('users'),
              panel: () => <UsersPanel key={tenant.tenant_id} tenantId={tenant.tenant_id} tenantName={tenant.name} />,
            },
            { key: 'tenants', label: t('tenants'), panel: () => <TenantsPanel /> },
            {
              key: 'devices',
              label: t('devices'),
              panel: () => <DevicesPanel key={tenant.tenant_id} tenantId={tenant.tenant_id} tenantName={tenant.name} />,
            },
            {
              key: 'audit',
              label: t('audit'),
              panel: () => <AuditTrail key={tenant.tenant_id} tenantId={tenant.tenant_id} tenantName={tenant.name} />,
            },
          ]}
        />
      )}
    </section>
  )
}
