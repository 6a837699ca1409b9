import { useId, useMemo, useState } from 'react'
import { Archive, FolderOpen, MoreHorizontal, Pencil, Plus } from 'lucide-react'
import { emptyMissionPlan } from '@honu/core/mission'
import {
  ConfirmDialog,
  DataTable,
  MenuButton,
  MenuItem,
  useConsoleClient,
  useErrorText,
  useMessages,
  useQuery,
  useQueryCache,
  useScreenBand,
  type ColumnDef,
} from '@honu/console-kit'
import { LoadStatus } from '../../ui/load-status'
import {
  campaignsQuery,
  isArchived,
  missionsQuery,
  platformsQuery,
  recordsKey,
  type CampaignRecord,
  type MissionRecord,
  type OrganisationAccess,
  type PlatformRecord,
} from './mission-data'
import { missionsMessages } from './missions-messages'
import { RecordDialog } from './record-dialogs'

/** A dialog the panel shows: creating, renaming or archiving a campaign or mission. */
type PanelDialog =
  | { kind: 'new-campaign' }
  | { kind: 'new-mission'; campaignId?: string }
  | { kind: 'rename'; resource: 'campaign' | 'mission'; record: { id: string; name: string } }
  | { kind: 'archive'; resource: 'campaign' | 'mission'; record: { id: string; name: string } }

/** A list not loaded yet: the same empty list every time, so what is worked out from it is not redone. */
const NONE: never[] = []

/** A campaign as its table shows it. */
type CampaignRow = CampaignRecord & { statusText: string; missionCount: number }
/** A mission as its table shows it: its campaign and platform by name. */
type MissionRow = MissionRecord & { statusText: string; campaignName: string; platformName: string }

/** Props of {@link RecordsPanel}. */
export interface RecordsPanelProps {
  organisation: { id: string; name: string }
  access: OrganisationAccess
  /** Opens a mission's plan. */
  onOpenMission: (missionId: string) => void
}

/**
 * The selected organisation's campaigns and missions (issue 25), each with its status: two tables, and with the
 * Organisation write permission, create, rename and archive (confirmed; archiving sets the record's status, as the
 * v2 API has no archive call). Every call is scoped to the organisation; a change invalidates its list.
 */
export function RecordsPanel({ organisation, access, onOpenMission }: RecordsPanelProps) {
  const client = useConsoleClient()
  const queries = useQueryCache()
  const t = useMessages(missionsMessages)
  const errorText = useErrorText()
  const band = useScreenBand()
  const campaigns = useQuery(campaignsQuery(client, organisation.id))
  const missions = useQuery(missionsQuery(client, organisation.id))
  const platforms = useQuery(platformsQuery(client, organisation.id))
  const [dialog, setDialog] = useState<PanelDialog>()
  const [message, setMessage] = useState<string>()
  const [archiveError, setArchiveError] = useState<string>()
  const campaignsTitle = useId()
  const missionsTitle = useId()

  const campaignList = campaigns.status === 'ready' ? campaigns.data : NONE
  const platformList = platforms.status === 'ready' ? platforms.data : NONE
  const missionList = missions.status === 'ready' ? missions.data : NONE
  const nameOf = (list: readonly { id: string; name: string }[], id: string | undefined) =>
    !id ? t('none') : (list.find((record) => record.id === id)?.name ?? t('unknownRecord', { id }))
  const status = (record: { status?: string }, fallback: string) => t('statusWord', { status: record.status ?? fallback })

  // What the cells show is in the rows, not worked out by the columns: TanStack Table keeps a row's values until
  // its rows change, so a count or a name from another list (or a status in another language) would stay stale.
  const campaignRows = useMemo<CampaignRow[]>(
    () =>
      campaignList.map((c) => ({ ...c, statusText: status(c, 'active'), missionCount: missionList.filter((m) => m.campaign_id === c.id).length })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `status` only reads `t`
    [t, campaignList, missionList],
  )
  const missionRows = useMemo<MissionRow[]>(
    () =>
      missionList.map((m) => ({
        ...m,
        statusText: status(m, 'planned'),
        campaignName: nameOf(campaignList, m.campaign_id),
        platformName: nameOf(platformList, m.platform_id),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `nameOf` and `status` only read `t`
    [t, missionList, campaignList, platformList],
  )
  // Every table fits the screen with its actions in view (spec §9's bands): a column without a size is TanStack's
  // 150 px; under 1024 px the missions leave out their platform (the wider bands show it).
  // There the headers do not sort either (the lists come sorted by name): the table's sort buttons are not
  // touch-sized, and screen-sizes.spec.ts asks 44 px of every target at 600 px.
  const narrow = ['xs', 'sm'].includes(band)
  const campaignColumns = useMemo<ColumnDef<CampaignRow>[]>(
    () =>
      [
        { id: 'name', header: t('name'), accessorFn: (c: CampaignRow) => c.name },
        { id: 'status', header: t('status'), size: 110, accessorFn: (c: CampaignRow) => c.statusText },
        { id: 'missions', header: t('missionCount'), size: 100, accessorFn: (c: CampaignRow) => c.missionCount },
      ].map((column) => ({ ...column, enableSorting: !narrow })),
    [t, narrow],
  )
  const missionColumns = useMemo<ColumnDef<MissionRow>[]>(
    () =>
      [
        { id: 'name', header: t('name'), accessorFn: (m: MissionRow) => m.name },
        { id: 'campaign', header: t('campaign'), size: 130, accessorFn: (m: MissionRow) => m.campaignName },
        ...(narrow ? [] : [{ id: 'platform', header: t('platform'), size: 140, accessorFn: (m: MissionRow) => m.platformName }]),
        { id: 'status', header: t('status'), size: 100, accessorFn: (m: MissionRow) => m.statusText },
      ].map((column) => ({ ...column, enableSorting: !narrow })),
    [t, narrow],
  )

  const changed = (resource: 'campaign' | 'mission') => queries.invalidate(recordsKey(resource, organisation.id))
  const createCampaign = async (name: string) => {
    await client.v2.resource('campaign').create({ name, organisation_id: organisation.id, status: 'active' } as Partial<CampaignRecord>)
    changed('campaign')
    setMessage(t('created', { name }))
  }
  const createMission = async (name: string, campaignId: string, platformId: string) => {
    const record: Partial<MissionRecord> = {
      name,
      organisation_id: organisation.id,
      campaign_id: campaignId,
      platform_id: platformId,
      status: 'planned',
      plan: emptyMissionPlan(),
    }
    const created = await client.v2.resource('mission').create(record)
    changed('mission')
    setMessage(t('created', { name }))
    if (created && typeof created.id === 'string') onOpenMission(created.id)
  }
  const rename = async (resource: 'campaign' | 'mission', id: string, name: string) => {
    // Named with its organisation, as every call of the screen: ids are unique per organisation only.
    const scope = { query: { organisation_id: organisation.id } }
    await client.v2.resource(resource).update(id, { name }, scope)
    changed(resource)
    setMessage(t('renamed', { name }))
  }
  const archive = async (resource: 'campaign' | 'mission', record: { id: string; name: string }) => {
    setArchiveError(undefined)
    try {
      await client.v2.resource(resource).update(record.id, { status: 'archived' } as Partial<CampaignRecord & MissionRecord>, {
        query: { organisation_id: organisation.id },
      })
    } catch (failure) {
      setArchiveError(errorText(failure, t('archiveFailed')))
      throw failure
    }
    changed(resource)
    setMessage(t('archived', { name: record.name }))
  }

  const rowActions = (resource: 'campaign' | 'mission', record: { id: string; name: string; status?: string }) => {
    const writable = access.write && !isArchived(record)
    if (resource === 'campaign' && !writable) return null
    return (
      <MenuButton label={t('actionsFor', { name: record.name })} icon={MoreHorizontal} iconOnly className="honu-button--small">
        {resource === 'mission' && (
          <MenuItem label={t('openPlan', { name: record.name })} icon={FolderOpen} onSelect={() => onOpenMission(record.id)} />
        )}
        {writable && (
          <MenuItem label={t('rename', { name: record.name })} icon={Pencil} onSelect={() => setDialog({ kind: 'rename', resource, record })} />
        )}
        {writable && (
          <MenuItem label={t('archive', { name: record.name })} icon={Archive} onSelect={() => setDialog({ kind: 'archive', resource, record })} />
        )}
      </MenuButton>
    )
  }

  const activeCampaigns = campaignList.filter((c) => !isArchived(c))
  return (
    <div className="honu-missions__records">
      {message && (
        <p className="honu-muted" role="status">
          {message}
        </p>
      )}
      <section aria-labelledby={campaignsTitle}>
        <div className="honu-admin__bar">
          <h2 id={campaignsTitle}>{t('campaignsTitle', { organisation: organisation.name })}</h2>
          {access.write && (
            <button type="button" className="honu-button" onClick={() => setDialog({ kind: 'new-campaign' })}>
              <Plus size={16} aria-hidden="true" /> {t('newCampaign')}
            </button>
          )}
        </div>
        {campaigns.status === 'ready' ? (
          <DataTable
            columns={campaignColumns}
            rows={campaignRows}
            getRowId={(c) => c.id}
            label={t('campaignsTitle', { organisation: organisation.name })}
            emptyText={t('noCampaigns')}
            height={240}
            actionsLabel={t('actions')}
            renderRowActions={access.write ? (c) => rowActions('campaign', c) : undefined}
          />
        ) : (
          <LoadStatus state={campaigns} what={t('theCampaigns')} loading={t('loadingCampaigns')} onRetry={campaigns.retry} />
        )}
      </section>
      <section aria-labelledby={missionsTitle}>
        <div className="honu-admin__bar">
          <h2 id={missionsTitle}>{t('missionsTitle', { organisation: organisation.name })}</h2>
          {access.write && (
            <button type="button" className="honu-button" onClick={() => setDialog({ kind: 'new-mission' })}>
              <Plus size={16} aria-hidden="true" /> {t('newMission')}
            </button>
          )}
        </div>
        {platforms.status !== 'ready' && <LoadStatus state={platforms} what={t('thePlatforms')} onRetry={platforms.retry} />}
        {missions.status === 'ready' ? (
          <DataTable
            columns={missionColumns}
            rows={missionRows}
            getRowId={(m) => m.id}
            label={t('missionsTitle', { organisation: organisation.name })}
            emptyText={t('noMissions')}
            height={320}
            actionsLabel={t('actions')}
            renderRowActions={(m) => rowActions('mission', m)}
          />
        ) : (
          <LoadStatus state={missions} what={t('theMissions')} loading={t('loadingMissions')} onRetry={missions.retry} />
        )}
      </section>

      {dialog?.kind === 'new-campaign' && (
        <RecordDialog
          title={t('newCampaign')}
          submitLabel={t('create')}
          onClose={() => setDialog(undefined)}
          onSubmit={({ name }) => createCampaign(name)}
          failedText={(error) => errorText(error, t('createFailed'))}
        />
      )}
      {dialog?.kind === 'new-mission' && (
        <RecordDialog
          title={t('newMission')}
          submitLabel={t('create')}
          campaigns={activeCampaigns}
          platforms={platformList}
          initialCampaignId={activeCampaigns.length === 1 ? activeCampaigns[0]!.id : undefined}
          note={activeCampaigns.length === 0 ? t('noActiveCampaign') : platformList.length === 0 ? t('noPlatforms') : undefined}
          onClose={() => setDialog(undefined)}
          onSubmit={({ name, campaignId, platformId }) => createMission(name, campaignId!, platformId!)}
          failedText={(error) => errorText(error, t('createFailed'))}
        />
      )}
      {dialog?.kind === 'rename' && (
        <RecordDialog
          title={t('renameTitle', { name: dialog.record.name })}
          submitLabel={t('save')}
          initialName={dialog.record.name}
          onClose={() => setDialog(undefined)}
          onSubmit={({ name }) => rename(dialog.resource, dialog.record.id, name)}
          failedText={(error) => errorText(error, t('renameFailed'))}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'archive'}
        onOpenChange={(open) => {
          if (!open) {
            setDialog(undefined)
            setArchiveError(undefined)
          }
        }}
        title={dialog?.kind === 'archive' ? t('archiveTitle', { name: dialog.record.name }) : ''}
        description={dialog?.kind === 'archive' ? t(dialog.resource === 'campaign' ? 'archiveCampaignText' : 'archiveMissionText') : undefined}
        confirmLabel={t('archiveConfirm')}
        cancelLabel={t('cancel')}
        danger
        error={archiveError}
        onConfirm={() => (dialog?.kind === 'archive' ? archive(dialog.resource, dialog.record) : undefined)}
      />
    </div>
  )
}

/** The platform a mission names, from the organisation's list. */
export function platformOf(platforms: readonly PlatformRecord[], mission: MissionRecord | undefined): PlatformRecord | undefined {
  return platforms.find((p) => p.id === mission?.platform_id)
}
