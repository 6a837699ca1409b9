import { useState } from 'react'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useStore } from 'zustand'
import { isAdmin, isWriter, type Stream } from '@honu/core'
import {
  useConsoleClient,
  useStreamView,
  useTenant,
  useWidgetRegistry,
  ConfirmDialog,
  IconButton,
  useDates,
  useErrorText,
  useMessages,
} from '@honu/console-kit'
import { useWorkspaceActions } from '../../ui/use-workspace-actions'
import { StreamForm, type StreamFields } from './stream-form'
import { useReloadStreams } from './use-stream-list'
import { streamMessages } from '../../messages/streams'

/** The dashboard widget of a stream. */
export const streamWidgetId = (stream: Pick<Stream, 'video_id'>) => `video-${stream.video_id}`

/**
 * The tenant's streams: each one shown or hidden on the dashboard with one button; writers and admins add, edit
 * and delete them (readers see no such controls, and the server refuses them anyway).
 */
export function StreamList() {
  const client = useConsoleClient()
  const actions = useWorkspaceActions()
  const t = useMessages(streamMessages)
  const errorText = useErrorText()
  const dates = useDates()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  const roles = useTenant((s) => s.roles)
  const canWrite = isWriter(roles) || isAdmin(roles)
  const streams = useStreamView((s) => s.streams)
  const count = useStreamView((s) => s.streamCount)
  const refreshing = useStreamView((s) => s.refreshingResource)
  const shown = useStore(client.grid, (s) => s.workspaces['stream-view'].items)
  const snap = useStore(client.grid, (s) => s.settings.snapToGrid)
  // A stream's tile takes the Video widget's default size (spec §9: S wide, L tall), as the toolbar's Add widget does.
  const videoSize = useWidgetRegistry()?.find((definition) => definition.type === 'Video')?.defaultSize
  const [editing, setEditing] = useState<Stream | 'new'>()
  const [deleting, setDeleting] = useState<Stream>()
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string }>()

  // In place, without the loading screen: the form's message and the list stay while it refreshes.
  const reload = useReloadStreams()
  const save = async (fields: StreamFields) => {
    if (!tenantId) return
    if (editing === 'new') {
      await client.v1.createVideo(tenantId, fields)
      setMessage({ tone: 'ok', text: t('added', { name: fields.name }) })
    } else if (editing) {
      await client.v1.updateVideo(tenantId, editing.video_id, fields)
      client.streamView.getState().refreshResource(editing.video_id)
      setMessage({ tone: 'ok', text: t('saved', { name: fields.name }) })
    }
    setEditing(undefined)
    await reload()
  }
  const remove = async (stream: Stream) => {
    if (!tenantId) return
    try {
      await client.v1.deleteVideo(tenantId, stream.video_id)
      actions.remove('stream-view', streamWidgetId(stream))
      setMessage({ tone: 'ok', text: t('deleted', { name: stream.name }) })
      await reload()
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, t('deleteFailed')) })
    } finally {
      setDeleting(undefined)
    }
  }
  const toggle = (stream: Stream) =>
    actions.toggle('stream-view', {
      id: streamWidgetId(stream),
      type: 'Video',
      name: stream.name,
      data: { streamId: stream.video_id },
      ...(snap ? undefined : videoSize),
    })

  return (
    <div className="honu-stream-list">
      <div className="honu-stream-list__head">
        <h2 id="honu-stream-list-title">
          {t('title')} <span className="honu-muted">({count})</span>
        </h2>
        {canWrite && editing === undefined && (
          // Secondary: the dashboard's Add widget is the screen's one primary action.
          <button type="button" className="honu-button honu-button--quiet" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {t('addStream')}
          </button>
        )}
      </div>
      {message && (
        <p className={message.tone === 'error' ? 'honu-error' : 'honu-muted'} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {editing !== undefined && (
        <StreamForm stream={editing === 'new' ? undefined : editing} onSubmit={save} onCancel={() => setEditing(undefined)} />
      )}
      {streams.length === 0 ? (
        <div className="honu-empty">
          <p className="honu-empty__title">{t('emptyTitle')}</p>
          <p className="honu-empty__text">{canWrite ? t('emptyWriter') : t('emptyReader')}</p>
        </div>
      ) : (
        <ul className="honu-stream-list__items" aria-labelledby="honu-stream-list-title">
          {streams.map((stream) => {
            const on = shown.some((item) => item.id === streamWidgetId(stream))
            const flash = refreshing.status && refreshing.resourceId === stream.video_id
            return (
              <li key={stream.video_id} className={flash ? 'honu-stream honu-stream--refreshing' : 'honu-stream'}>
                <button type="button" className="honu-stream__toggle" aria-pressed={on} onClick={() => toggle(stream)}>
                  {/* Names are data: rendered as text, never as markup. */}
                  <span className="honu-stream__name">{stream.name}</span>
                  <span className="honu-visually-hidden">{on ? t('onDashboard') : t('notShown')}</span>
                </button>
                {stream.update_time && (
                  <span className="honu-stream__updated honu-muted">{t('updated', { date: dates.utc(stream.update_time) })}</span>
                )}
                {canWrite && (
                  <span className="honu-stream__actions">
                    <IconButton
                      className="honu-button--small"
                      icon={Pencil}
                      label={t('edit', { name: stream.name })}
                      onClick={() => setEditing(stream)}
                    />
                    <IconButton
                      className="honu-button--small"
                      icon={Trash2}
                      label={t('deleteStream', { name: stream.name })}
                      onClick={() => setDeleting(stream)}
                    />
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={t('deleteQuestion', { name: deleting?.name ?? '' })}
        description={t('deleteWarning')}
        confirmLabel={t('delete')}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </div>
  )
}
