import type { WorkspaceId } from '@honu/core/grid'
import { Dashboard } from '../dashboard/dashboard'
import { DashboardToolbar } from '../dashboard/dashboard-toolbar'
import { useWidgetRegistry } from '../provider/console-context'
import { useTenant } from '../hooks/use-console-store'
import { useFocusHeading } from './use-focus-heading'

/** Props of {@link WorkAreaScreen}. */
export interface WorkAreaScreenProps {
  title: string
  /** What this area will hold; its own issue builds it. */
  description: string
  /** The dashboard workspace of this area (spec §2), shown when the console has widgets. */
  workspace?: WorkspaceId
}

/**
 * A working area whose content is built by a later issue (stream viewer, admin console, topology…). It renders
 * inside the real layout and guards, so routing, guards and sign-out work end to end now, and says plainly what
 * the area will show.
 */
export function WorkAreaScreen({ title, description, workspace }: WorkAreaScreenProps) {
  const registry = useWidgetRegistry()
  const heading = useFocusHeading()
  const roles = useTenant((s) => s.roles)
  return (
    <section className="honu-work-area" aria-labelledby="honu-work-area-title">
      <h1 id="honu-work-area-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{description}</p>
      {roles.length > 0 && <p className="honu-muted">Your role here: {roles.join(', ')}</p>}
      {workspace && registry && (
        <>
          <DashboardToolbar workspace={workspace} />
          <Dashboard workspace={workspace} registry={registry} label={`${title} dashboard`} />
        </>
      )}
    </section>
  )
}
