import { MainContent } from './main-content'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { useConsoleClient } from '../hooks/use-console-client'
import { useSession, useTenant } from '../hooks/use-console-store'
import { CONSOLE_ROUTES, type ConsoleLayout } from '../navigation/console-routes'
import { usePaths } from '../navigation/paths-context'

/** Props of {@link MainLayout}. */
export interface MainLayoutProps {
  /** Which product's navigation to show: the route table's rows in this layout that have a `nav` label. */
  product: Exclude<ConsoleLayout, 'card'>
}

/**
 * The working layout: a header with the product, the selected tenant or organisation and a way back to choose
 * another (spec §2: the network product returns to tenant, mission planning to orgselection), navigation, and
 * sign-out.
 */
export function MainLayout({ product }: MainLayoutProps) {
  const paths = usePaths()
  const client = useConsoleClient()
  const navigate = useNavigate()
  const email = useSession((s) => s.user?.email)
  const needsReauthentication = useSession((s) => s.needsReauthentication)
  const scope = useTenant((s) => (product === 'network' ? s.tenant?.name : s.organisation?.name))
  // The table's paths are the console's own; the host may mount it under a base path.
  const prefix = paths.root === '/' ? '' : paths.root
  const back = product === 'network' ? { to: paths.tenant, label: 'Change tenant' } : { to: paths.orgSelection, label: 'Change organisation' }

  const signOut = async () => {
    await client.signOut()
    navigate(paths.login, { replace: true })
  }

  return (
    <div className="honu-main-layout">
      <a className="honu-skip-link" href="#honu-main">
        Skip to content
      </a>
      <header className="honu-header">
        <p className="honu-header__product">{product === 'network' ? 'HonuNet' : 'MissionPlanning'}</p>
        <p className="honu-header__scope">
          <span className="honu-visually-hidden">{product === 'network' ? 'Tenant: ' : 'Organisation: '}</span>
          {scope ?? '—'}
        </p>
        <NavLink className="honu-link" to={back.to}>
          {back.label}
        </NavLink>
        <nav aria-label="Main" className="honu-nav">
          <ul>
            {CONSOLE_ROUTES.filter((row) => row.layout === product && row.nav).map((row) => (
              <li key={row.path}>
                <NavLink to={prefix + row.path}>{row.nav}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="honu-header__user">{email}</p>
        <button type="button" className="honu-button honu-button--quiet" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      {needsReauthentication && (
        <div className="honu-error honu-reauth" role="alert">
          <p>Your session has expired. Sign in again to keep working; this page stays as it is until you do.</p>
          <button type="button" className="honu-button" onClick={() => void signOut()}>
            Sign in again
          </button>
        </div>
      )}
      <MainContent className="honu-main">
        <Outlet />
      </MainContent>
    </div>
  )
}
