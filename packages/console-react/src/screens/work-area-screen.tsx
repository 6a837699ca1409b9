import type { WorkspaceId } from '@honu/core/grid'
import { Dashboard } from '../dashboard/dashboard'
import { DashboardToolbar } from '../dashboard/dashboard-toolbar'
import { useWidgetRegistry, useTenant, useMessages } from '@honu/console-kit'
import { useFocusHeading } from '../ui/use-focus-heading'
import { areaMessages, type WorkArea } from '../messages/areas'

/** Props of {@link WorkAreaScreen}. */
export interface WorkAreaScreenProps {
  /** The area: its title, and what it will hold (its own issue builds it), from `areaMessages`. */
  area: WorkArea
  /** The dashboard workspace of this area (spec §2), shown when the console has widgets. */
  workspace?: WorkspaceId
}

/**
 * A working area whose content is built by a later issue (stream viewer, admin console, topology…). It renders
 * inside the real layout and guards, so routing, guards and sign-out work end to end now, and says plainly what
 * the area will show.
 */
export function WorkAreaScreen({ area, workspace }: WorkAreaScreenProps) {
  const t = useMessages(areaMessages)
  const title = t(area)
  const registry = useWidgetRegistry()
  const heading = useFocusHeading()
  const roles = useTenant((s) => s.roles)
  return (
    <section className="honu-work-area" aria-labelledby="honu-work-area-title">
      <h1 id="honu-work-area-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(`${area}Text`)}</p>
      {roles.length > 0 && <p className="honu-muted">{t('yourRole', { roles: roles.join(', ') })}</p>}
      {workspace && registry && (
        <>
          <DashboardToolbar workspace={workspace} />
          <Dashboard workspace={workspace} registry={registry} label={t('dashboard', { area: title })} />
        </>
      )}
    </section>
  )
}
