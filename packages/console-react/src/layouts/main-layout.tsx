import { Building2, CircleUser, KeyRound, List, LogOut, Menu, Network, Settings } from 'lucide-react'
import { useContext, useMemo, useState } from 'react'
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import type { Tenant } from '@honu/core'
import { ChangePasswordDialog, PreferencesDialog } from '../account'
import {
  useConsoleClient,
  useQuery,
  useScreenBand,
  useSession,
  useTenant,
  useErrorText,
  useMessages,
  useTranslate,
  MenuButton,
  MenuItem,
  MenuSeparator,
  PartsRootProvider,
  type PartsText,
} from '@honu/console-kit'
import { headerMessages } from '../messages/header'
import { CONSOLE_ROUTES, type ConsoleLayout } from '../navigation/console-routes'
import { usePaths } from '../navigation/paths-context'
import { useHostOptions } from '../navigation/host-options'
import { useSignOut } from '../ui/use-sign-out'
import { organisationsQuery, tenantsQuery } from '@honu/core/query'
import { MainContent } from '../ui/main-content'
import { ConsoleLinksProvider } from '../navigation/console-links'
import { areaMessages } from '../messages/areas'
import { ConsoleAreasContext } from '../navigation/console-area'
import { useAreaStyleSheets } from './area-style-sheets'

/** Props of {@link MainLayout}. */
export interface MainLayoutProps {
  /** Which product's navigation to show: the route table's rows in this layout that have a `nav` label. */
  product: Exclude<ConsoleLayout, 'card'>
}

const useHeaderMessages = () => useMessages(headerMessages)
type Translate = ReturnType<typeof useHeaderMessages>

/**
 * The working layout: a header with the product, a switcher of the selected tenant or organisation (spec §2: the
 * network product returns to tenant, mission planning to orgselection), the navigation as tabs (a menu under
 * 1024 px), and the user menu (preferences, change password, sign out); a host may leave out the user menu or the
 * whole header (`header`) and choose what signing out does (`signOut`, `onSignOut`). Its last child is the layer the floating
 * parts render into, inside the themed root and the main content, so menus and dialogs keep the theme.
 */
export function MainLayout({ product }: MainLayoutProps) {
  const paths = usePaths()
  const t = useHeaderMessages()
  const areas = useMessages(areaMessages)
  const needsReauthentication = useSession((s) => s.needsReauthentication)
  const [layer, setLayer] = useState<HTMLElement | null>(null)
  const partsText: PartsText = useMemo(() => ({ close: t('close'), cancel: t('cancel'), noMatches: t('noMatches') }), [t])
  // The table's paths are the console's own; the host may mount it under a base path.
  const prefix = paths.root === '/' ? '' : paths.root
  // The console's own links, then the areas' (`createConsoleRoutes({ areas })`) in the order given.
  const given = useContext(ConsoleAreasContext)
  const translate = useTranslate()
  const tabs = [
    ...CONSOLE_ROUTES.filter((row) => row.layout === product && row.nav).map((row) => ({ to: prefix + row.path, label: areas(row.nav!) })),
    ...given.flatMap((area) =>
      (area.routes ?? [])
        .filter((route) => route.nav && (route.access === 'mission-planning') === (product === 'mission-planning'))
        .map((route) => ({ to: prefix + route.path, label: translate(route.nav!.book, route.nav!.key) })),
    ),
  ]
  useAreaStyleSheets(layer, given)

  const header = useHostOptions().header ?? 'full'
  // As the host chose (signOut, onSignOut).
  const signOut = useSignOut()

  return (
    <PartsRootProvider root={layer} text={partsText}>
      <div className="honu-main-layout" data-header={header}>
        {header !== 'hidden' && (
          <>
            <a className="honu-skip-link" href="#honu-main">
              {t('skipToContent')}
            </a>
            <header className="honu-header">
              <p className="honu-header__product">{product === 'network' ? 'HonuNet' : 'MissionPlanning'}</p>
              {product === 'network' ? <TenantSwitcher t={t} /> : <OrganisationSwitcher t={t} />}
              <nav aria-label={t('mainNavigation')} className="honu-nav">
                <ul>
                  {tabs.map((tab) => (
                    <li key={tab.to}>
                      <NavLink to={tab.to}>{tab.label}</NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <FoldedNavigation tabs={tabs} t={t} />
              {header === 'full' && <UserMenu t={t} onSignOut={() => void signOut()} />}
            </header>
          </>
        )}
        {needsReauthentication && (
          <div className="honu-error honu-reauth" role="alert">
            <p>{t('sessionExpired')}</p>
            <button type="button" className="honu-button" onClick={() => void signOut()}>
              {t('signInAgain')}
            </button>
          </div>
        )}
        <MainContent className="honu-main">
          <ConsoleLinksProvider>
            <Outlet />
          </ConsoleLinksProvider>
          <div className="honu-layers" ref={setLayer} />
        </MainContent>
      </div>
    </PartsRootProvider>
  )
}

/** Under 1024 px (spec §9) the tabs fold into this menu; CSS shows one or the other. */
function FoldedNavigation({ tabs, t }: { tabs: Array<{ to: string; label: string }>; t: Translate }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <div className="honu-nav-menu">
      <MenuButton label={t('navigationMenu')} icon={Menu} iconOnly placement="bottom-start">
        {tabs.map((tab) => (
          <MenuItem key={tab.to} label={tab.label} checked={pathname === tab.to} onSelect={() => navigate(tab.to)} />
        ))}
      </MenuButton>
    </div>
  )
}

/** The signed-in user's menu: Preferences and Change password open their dialogs (loaded on first open). */
function UserMenu({ t, onSignOut }: { t: Translate; onSignOut: () => void }) {
  const email = useSession((s) => s.user?.email) ?? ''
  const [dialog, setDialog] = useState<'preferences' | 'password' | null>(null)
  const close = (open: boolean) => !open && setDialog(null)
  // Under 1024 px the e-mail gives way to the icon alone, which then needs its tooltip (an icon-only button).
  const iconOnly = ['xs', 'sm'].includes(useScreenBand())
  return (
    <div className="honu-header__user">
      <MenuButton label={t('account', { email })} button={email} icon={CircleUser} iconOnly={iconOnly}>
        <MenuItem label={t('preferences')} icon={Settings} onSelect={() => setDialog('preferences')} />
        <MenuItem label={t('changePassword')} icon={KeyRound} onSelect={() => setDialog('password')} />
        <MenuSeparator />
        <MenuItem label={t('signOut')} icon={LogOut} onSelect={onSignOut} />
      </MenuButton>
      <PreferencesDialog open={dialog === 'preferences'} onOpenChange={close} />
      <ChangePasswordDialog open={dialog === 'password'} onOpenChange={close} />
    </div>
  )
}

/** The selected tenant as a menu of the user's tenants (HonuNet); choosing one opens its streams, as the tenant screen does. */
function TenantSwitcher({ t }: { t: Translate }) {
  const client = useConsoleClient()
  const paths = usePaths()
  const navigate = useNavigate()
  const current = useTenant((s) => s.tenant)
  const tenants = useQuery(tenantsQuery(client))
  const name = current?.name ?? t('noScope')
  const errorText = useErrorText()

  const pick = async (tenant: Tenant) => {
    try {
      await client.selectTenant(tenant)
      navigate(paths.streams)
    } catch (failure) {
      client.toasts.getState().show({ message: errorText(failure, t('switchFailed', { name: tenant.name })), tone: 'negative' })
    }
  }

  return (
    <MenuButton label={t('tenant', { name })} button={name} icon={Network} placement="bottom-start" className="honu-header__scope">
      {tenants.status === 'ready' &&
        tenants.data.map((tenant) => (
          <MenuItem key={tenant.tenant_id} label={tenant.name} checked={tenant.tenant_id === current?.tenant_id} onSelect={() => void pick(tenant)} />
        ))}
      {tenants.status === 'error' && <MenuItem label={t('scopesUnavailable')} onSelect={() => {}} disabled />}
      <MenuSeparator />
      <MenuItem label={t('allTenants')} icon={List} onSelect={() => navigate(paths.tenant)} />
    </MenuButton>
  )
}

/** The selected organisation as a menu of the user's organisations (MissionPlanning). */
function OrganisationSwitcher({ t }: { t: Translate }) {
  const client = useConsoleClient()
  const paths = usePaths()
  const navigate = useNavigate()
  const current = useTenant((s) => s.organisation)
  const organisations = useQuery(organisationsQuery(client))
  const name = current?.name ?? t('noScope')
  return (
    <MenuButton label={t('organisation', { name })} button={name} icon={Building2} placement="bottom-start" className="honu-header__scope">
      {organisations.status === 'ready' &&
        organisations.data.map((org) => (
          <MenuItem
            key={org.id}
            label={org.name}
            checked={org.id === current?.id}
            onSelect={() => {
              client.tenant.getState().setOrganisation({ id: org.id, name: org.name })
              navigate(paths.missionOperations)
            }}
          />
        ))}
      {organisations.status === 'error' && <MenuItem label={t('scopesUnavailable')} onSelect={() => {}} disabled />}
      <MenuSeparator />
      <MenuItem label={t('allOrganisations')} icon={List} onSelect={() => navigate(paths.orgSelection)} />
    </MenuButton>
  )
}
