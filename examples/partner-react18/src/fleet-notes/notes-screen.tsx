import { LookupStatus, useConsoleClient, useMessages, useQuery, useTenant } from '@honu/console-kit'
import { notesMessages } from './messages'

/**
 * The area's screen: the selected tenant's streams through the console's own query cache (one entry, shared, retried
 * when the connection returns), with the console's status part while it loads or when it failed.
 */
export default function NotesScreen() {
  const t = useMessages(notesMessages)
  const client = useConsoleClient()
  const tenant = useTenant((s) => s.tenant)
  const streams = useQuery(
    !!tenant && { key: ['acme.fleet-notes', 'streams', tenant.tenant_id], load: (signal) => client.v1.listVideos(tenant.tenant_id, { signal }) },
  )
  return (
    <section className="acme-notes" aria-labelledby="acme-notes-title">
      <h1 id="acme-notes-title">{t('title')}</h1>
      <p>{t('intro', { tenant: tenant?.name ?? '' })}</p>
      {streams.status === 'ready' ? (
        <>
          <p>{t('streams', { count: streams.data.items.length })}</p>
          <ul aria-label={t('title')}>
            {streams.data.items.map((stream) => (
              <li key={stream.video_id}>{stream.name}</li>
            ))}
          </ul>
        </>
      ) : (
        <LookupStatus state={streams} loading={t('loading')} failure={() => t('failed')} retryLabel={t('retry')} onRetry={streams.retry} />
      )}
    </section>
  )
}
