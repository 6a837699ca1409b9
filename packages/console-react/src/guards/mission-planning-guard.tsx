import type { ReactNode } from 'react'
import { canEnterMissionPlanning } from '@honu/core'
import { Navigate } from 'react-router'
import { useConsoleClient, useFlags, useQuery, useSession, useMessages } from '@honu/console-kit'
import { usePaths } from '../navigation/paths-context'
import { Loading, LoadStatus } from '../ui/load-status'
import type { GuardState } from '../navigation/route-access'
import { shellMessages } from '../messages/shell'

/** A 4xx other than the ones a retry can cure: the server has no mission-planning record for the user. */
const refusedBy = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status ?? 0
  return status !== 0 && status < 500
}

/**
 * The mission-planning guard of spec §2, on every route whose access is 'mission-planning': the
 * `mission_planning` flag on, org-admin under the all-tenants key, and the user's mission-planning record
 * loading; otherwise to /login. A record that cannot be loaded for now (no answer, or a 5xx) is not a refusal:
 * it says so with a retry, and loads again by itself when the server returns.
 */
export function MissionPlanningGuard({ children }: { children: ReactNode }) {
  const client = useConsoleClient()
  const paths = usePaths()
  const t = useMessages(shellMessages)
  const uid = useSession((s) => s.user?.uid)
  const permissions = useSession((s) => s.user?.permissions)
  const flags = useFlags((s) => s.flags)
  const allowedByRole = canEnterMissionPlanning({ permissions }, flags)
  const record = useQuery(!!uid && allowedByRole && { key: ['mission-planning-user', uid], load: (signal) => client.v2.getUser(uid, { signal }) })
  // No record for the user (none in the answer, or a 4xx) is a refusal; no answer or a 5xx is not.
  const refused = !allowedByRole || (record.status === 'ready' && !record.data) || (record.status === 'error' && refusedBy(record.error))

  if (refused) {
    return <Navigate to={paths.login} replace state={{ missionPlanningRefused: true } satisfies GuardState} />
  }
  if (record.status === 'error') return <LoadStatus state={record} what={t('missionPlanningAccount')} onRetry={record.retry} />
  if (record.status === 'loading') return <Loading page />
  return <>{children}</>
}
