import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { ArrowDown, ArrowUp, Plus, Redo2, Trash2, Undo2 } from 'lucide-react'
import { describeMissionProblem, emptyMissionPlan, nextWaypointPosition, parseMissionPlan, type MissionItem, type NotKept } from '@honu/core/mission'
import {
  IconButton,
  useConsoleClient,
  useErrorText,
  useLocale,
  useMessages,
  usePublishOpenPlan,
  useQueryCache,
  useTranslate,
  useWidgetRegistry,
  type OpenPlan,
} from '@honu/console-kit'
import { InlineWidget } from '../../dashboard/inline-widget'
import { platformLimits, recordsKey, type MissionRecord, type PlatformRecord } from './mission-data'
import { missionsMessages } from './missions-messages'
import { exportPlanFile, importPlanFile, SHAPE_USES, type ShapeUseKind } from './plan-files'
import { usePlanEditor } from './use-plan-editor'
import { usePlanChecks } from './use-plan-checks'

/** Props of {@link PlanPanel}. */
export interface PlanPanelProps {
  mission: MissionRecord
  /** The platform the mission names (its optional limits feed the figures and checks). */
  platform?: PlatformRecord
  organisationId: string
  /** The Organisation write permission: without it the plan shows but does not change. */
  canWrite: boolean
  onClose: () => void
}

type Column = 'lat' | 'lon' | 'alt' | 'speed' | 'hold'
/** How many of the checks' findings the panel lists (the rest are counted). */
const SHOWN_FINDINGS = 12
/** A report under the toolbar: an import's result or refusal, an export's. */
type Report = { tone: 'status' | 'alert'; text: string; items?: { title: string; list: NotKept[] } }

/**
 * A mission's plan (issue 25), edited through core's plan editor (`createPlanEditor`), the one source a map layer
 * will share: the items as a table, keyboard first (every command is a button or a cell; Ctrl+Z and Ctrl+Shift+Z
 * undo and redo), the plan's distance, estimated time and battery share, the checks' findings, Save (the mission
 * record's `plan`), Import (.plan, WPL, KML, GeoJSON, with what was not kept listed item by item; a malformed file
 * refused with its reason and the plan unchanged) and Export (.plan).
 */
export function PlanPanel({ mission, platform, organisationId, canWrite, onClose }: PlanPanelProps) {
  const client = useConsoleClient()
  const queries = useQueryCache()
  const t = useMessages(missionsMessages)
  const translate = useTranslate()
  const errorText = useErrorText()
  const { locale } = useLocale()
  const titleId = useId()
  const stored = useState(() => (mission.plan === undefined ? ({ ok: true, plan: emptyMissionPlan() } as const) : parseMissionPlan(mission.plan)))[0]
  const [editor, snapshot] = usePlanEditor(() => (stored.ok ? stored.plan : emptyMissionPlan()), platformLimits(platform))
  // The checks follow the platform's limits, and a surface vehicle's land once the site packs are read.
  const checks = usePlanChecks(platform)
  useEffect(() => editor.setCheck(checks.check), [editor, checks.check])
  const { plan, measure, battery, findings } = snapshot
  // The plan as the screen's maps see it (the one below, the dashboard's Map widgets): the same editor.
  const open = useMemo<OpenPlan>(() => ({ editor, name: mission.name, canWrite }), [editor, mission.name, canWrite])
  usePublishOpenPlan(open)
  const mapDefinition = useWidgetRegistry()?.find((definition) => definition.type === 'Map')
  const [report, setReport] = useState<Report>()
  const [cellProblem, setCellProblem] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [use, setUse] = useState<ShapeUseKind>('path')
  const table = useRef<HTMLTableElement>(null)
  // Where focus goes once the table shows the change (a moved row's button, a new row's first cell).
  const focusNext = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!focusNext.current) return
    table.current?.querySelector<HTMLElement>(focusNext.current)?.focus()
    focusNext.current = undefined
  }, [plan])

  const number = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)
  const columns: Record<Column, string> = { lat: t('latitude'), lon: t('longitude'), alt: t('altitude'), speed: t('speed'), hold: t('hold') }

  const add = (after: number) => {
    const at = nextWaypointPosition(plan, after)
    setReport(at ? undefined : { tone: 'status', text: t('placedAtZero') })
    const index = Math.min(after + 1, plan.items.length)
    if (editor.insertWaypoint(at ?? { lat: 0, lon: 0 }, index)) focusNext.current = `[data-row="${index}"] [data-column="lat"]`
  }
  const act = (changed: boolean, focus?: string) => {
    if (changed && focus) focusNext.current = focus
  }
  const commit = (index: number, column: Column, value: number | undefined): boolean => {
    const item = plan.items[index]!
    switch (column) {
      case 'lat':
      case 'lon': {
        if (value === undefined || item.kind !== 'waypoint') return false
        const to = { lat: item.lat, lon: item.lon, [column]: value }
        return editor.moveItem(index, to) || (item.lat === to.lat && item.lon === to.lon)
      }
      case 'alt':
        return value !== undefined && (editor.setAltitude(index, value) || item.alt === value)
      case 'speed':
        return editor.setSpeed(index, value) || item.speed === value
      case 'hold':
        return value !== undefined && item.kind === 'waypoint' && (editor.setHoldSeconds(index, value) || item.holdSeconds === value)
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (!canWrite || !(event.ctrlKey || event.metaKey) || event.altKey) return
    const key = event.key.toLowerCase()
    if (key === 'z' || key === 'y') {
      event.preventDefault()
      if (key === 'y' || event.shiftKey) editor.redo()
      else editor.undo()
    }
  }

  const save = async () => {
    setSaving(true)
    setReport(undefined)
    try {
      const saved = plan
      await client.v2
        .resource('mission')
        .update(mission.id, { plan: saved } as Partial<MissionRecord>, { query: { organisation_id: organisationId } })
      if (editor.getSnapshot().plan === saved) editor.markSaved()
      queries.invalidate(recordsKey('mission', organisationId))
      setReport({ tone: 'status', text: t('saved') })
    } catch (failure) {
      setReport({ tone: 'alert', text: errorText(failure, t('saveFailed')) })
    } finally {
      setSaving(false)
    }
  }

  const importFile = async (file: File) => {
    const text = await readText(file)
    const last = plan.items[plan.items.length - 1]
    const result = importPlanFile(file.name, text, plan, use, last ? { alt: last.alt, frame: last.frame } : { alt: 30, frame: 'relative' })
    if (!result.ok) {
      setReport({ tone: 'alert', text: t('importRefused', { file: file.name, reason: describeMissionProblem(translate, result.error) }) })
      return
    }
    editor.replacePlan(result.plan)
    setReport({
      tone: 'status',
      text: t('imported', { file: file.name }),
      items: result.notKept.length ? { title: t('notKeptFrom', { file: file.name }), list: result.notKept } : undefined,
    })
  }

  const exportFile = () => {
    const { fileName, text, notKept } = exportPlanFile(plan, mission.name)
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.hidden = true
    document.body.append(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)
    setReport({
      tone: 'status',
      text: t('exported', { file: fileName }),
      items: notKept.length ? { title: t('notWritten', { file: fileName }), list: notKept } : undefined,
    })
  }

  const duration = measure.duration
  return (
    <section className="honu-missions__plan" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="honu-admin__bar">
        <h2 id={titleId}>{t('planTitle', { name: mission.name })}</h2>
        {snapshot.dirty && <span className="honu-muted">{t('unsaved')}</span>}
        <button type="button" className="honu-button honu-button--quiet" onClick={onClose}>
          {t('closePlan')}
        </button>
      </div>
      {!stored.ok && (
        <p className="honu-error" role="alert">
          {t('storedPlanInvalid', { problem: stored.problem })}
        </p>
      )}

      <div className="honu-missions__toolbar" role="toolbar" aria-label={t('planTitle', { name: mission.name })}>
        {canWrite && (
          <>
            <button type="button" className="honu-button" onClick={() => add(plan.items.length - 1)}>
              <Plus size={16} aria-hidden="true" /> {t('addWaypoint')}
            </button>
            <IconButton label={t('undo')} icon={Undo2} disabled={!snapshot.canUndo} onClick={() => editor.undo()} />
            <IconButton label={t('redo')} icon={Redo2} disabled={!snapshot.canRedo} onClick={() => editor.redo()} />
            <button
              type="button"
              className="honu-button"
              disabled={saving || !snapshot.dirty}
              aria-busy={saving || undefined}
              onClick={() => void save()}
            >
              {t('savePlan')}
            </button>
          </>
        )}
        <button type="button" className="honu-button honu-button--quiet" onClick={exportFile}>
          {t('exportPlan')}
        </button>
      </div>
      {canWrite && <ImportControls use={use} onUse={setUse} onFile={(file) => void importFile(file)} />}
      {report && (
        <div role={report.tone} className={report.tone === 'alert' ? 'honu-error' : 'honu-muted'}>
          <p>{report.text}</p>
          {report.items && (
            <>
              <p>{report.items.title}</p>
              <ul>
                {report.items.list.map((item, i) => (
                  <li key={i}>{describeMissionProblem(translate, item)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {mapDefinition && (
        // The console's Map widget, drawing this plan and planning on it (the widget finds the plan published above).
        <div className="honu-missions__map">
          <h3>{t('onTheMap')}</h3>
          <InlineWidget
            definition={mapDefinition}
            workspace="mission-operations"
            widget={{ id: `plan-map-${mission.id}`, type: 'Map', name: t('planMap', { name: mission.name }), data: {} }}
          />
        </div>
      )}
      {canWrite && <p className="honu-muted">{t('keyboardHelp')}</p>}
      {/* Always there (a live region must be before what it announces); styled only with something to say. */}
      <p className={cellProblem ? 'honu-error' : undefined} role="alert">
        {cellProblem}
      </p>

      {plan.items.length === 0 ? (
        <p className="honu-muted">{t('noItems')}</p>
      ) : (
        // Scrolls sideways on a narrow screen rather than spilling out of the console (inline: the console's own
        // screens have no style sheet of their own, and a style property set by React keeps a strict CSP).
        <div className="honu-missions__items" style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <table ref={table} aria-label={t('items', { name: mission.name })}>
            <thead>
              <tr>
                <th scope="col">{t('number')}</th>
                <th scope="col">{t('kind')}</th>
                {(Object.keys(columns) as Column[]).map((column) => (
                  <th scope="col" key={column}>
                    {columns[column]}
                  </th>
                ))}
                {canWrite && <th scope="col">{t('actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {plan.items.map((item, index) => (
                <ItemRow
                  key={index}
                  item={item}
                  index={index}
                  last={index === plan.items.length - 1}
                  columns={columns}
                  canWrite={canWrite}
                  onCommit={(column, value, text) => {
                    const ok = commit(index, column, value)
                    setCellProblem(ok ? undefined : t('invalidValue', { number: index + 1, column: columns[column], value: text }))
                    return ok
                  }}
                  onAddAfter={() => add(index)}
                  onMoveUp={() => act(editor.moveItemUp(index), `[data-row="${index - 1}"] [data-action="${index - 1 === 0 ? 'down' : 'up'}"]`)}
                  onMoveDown={() =>
                    act(
                      editor.moveItemDown(index),
                      `[data-row="${index + 1}"] [data-action="${index + 1 === plan.items.length - 1 ? 'up' : 'down'}"]`,
                    )
                  }
                  onDelete={() => act(editor.deleteItem(index), `[data-row="${Math.max(0, index - 1)}"] [data-action="delete"]`)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>{t('summary')}</h3>
      <dl className="honu-missions__summary">
        <dt>{t('distance')}</dt>
        <dd>{t('distanceValue', { km: number(measure.distance / 1000, 2) })}</dd>
        <dt>{t('duration')}</dt>
        <dd>
          {duration === undefined
            ? t('durationUnknown')
            : t('durationValue', { minutes: number(Math.floor(duration / 60), 0), seconds: number(Math.round(duration % 60), 0) })}
        </dd>
        <dt>{t('battery')}</dt>
        <dd>{battery === undefined ? t('batteryUnknown') : t('batteryValue', { percent: number(battery * 100, 0) })}</dd>
      </dl>
      <h3>{t('checks')}</h3>
      {checks.land === 'loading' && <p className="honu-muted">{t('landLoading')}</p>}
      {checks.land === 'failed' && <p className="honu-muted">{t('landFailed')}</p>}
      {findings.length === 0 ? (
        <p className="honu-muted">{t('noFindings')}</p>
      ) : (
        // The first findings only: a survey outside a fence is one finding per point of its pattern (hundreds).
        <ul aria-label={t('checks')}>
          {findings.slice(0, SHOWN_FINDINGS).map((finding, i) => (
            <li key={i}>{describeMissionProblem(translate, finding)}</li>
          ))}
          {findings.length > SHOWN_FINDINGS && <li>{t('moreFindings', { count: findings.length - SHOWN_FINDINGS })}</li>}
        </ul>
      )}
    </section>
  )
}

/** A file's text (FileReader: what every browser has, and the DOM of the tests too). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsText(file)
  })
}

/** The import's file picker and what KML and GeoJSON shapes become. */
function ImportControls({ use, onUse, onFile }: { use: ShapeUseKind; onUse: (use: ShapeUseKind) => void; onFile: (file: File) => void }) {
  const t = useMessages(missionsMessages)
  const id = useId()
  return (
    <div className="honu-form honu-missions__import">
      <label htmlFor={`${id}-file`}>{t('importFile')}</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".plan,.waypoints,.txt,.kml,.geojson,.json"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Cleared, so choosing the same file again imports it again.
          event.target.value = ''
          if (file) onFile(file)
        }}
      />
      <p id={`${id}-hint`} className="honu-muted">
        {t('importHint')}
      </p>
      <label htmlFor={`${id}-use`}>{t('shapesAs')}</label>
      <select id={`${id}-use`} value={use} onChange={(event) => onUse(event.target.value as ShapeUseKind)}>
        {SHAPE_USES.map((option) => (
          <option key={option} value={option}>
            {t('shapeUse', { use: option })}
          </option>
        ))}
      </select>
    </div>
  )
}

interface ItemRowProps {
  item: MissionItem
  index: number
  last: boolean
  columns: Record<Column, string>
  canWrite: boolean
  onCommit: (column: Column, value: number | undefined, text: string) => boolean
  onAddAfter: () => void
  onMoveUp: () => void
  onMoveDown: () => void
  onDelete: () => void
}

/** One item of the plan: its cells, and the commands on it. */
function ItemRow({ item, index, last, columns, canWrite, onCommit, onAddAfter, onMoveUp, onMoveDown, onDelete }: ItemRowProps) {
  const t = useMessages(missionsMessages)
  const position = item.kind === 'waypoint' ? item : item.polygon[0]!
  const values: Record<Column, number | undefined> = {
    lat: position.lat,
    lon: position.lon,
    alt: item.alt,
    speed: item.speed,
    hold: item.kind === 'waypoint' ? item.holdSeconds : undefined,
  }
  const number = index + 1
  return (
    <tr data-row={index}>
      <td>{number}</td>
      <td>{t('kindWord', { kind: item.kind })}</td>
      {(Object.keys(columns) as Column[]).map((column) => {
        const editable = canWrite && (item.kind === 'waypoint' || column === 'alt' || column === 'speed')
        return (
          <td key={column} data-column-cell={column}>
            <NumberCell
              column={column}
              value={values[column]}
              label={t('cell', { column: columns[column], number })}
              readOnly={!editable}
              optional={column === 'speed'}
              onCommit={(value, text) => onCommit(column, value, text)}
            />
          </td>
        )
      })}
      {canWrite && (
        <td>
          <span className="honu-missions__row-actions">
            <IconButton data-action="add" className="honu-button--small" label={t('addAfter', { number })} icon={Plus} onClick={onAddAfter} />
            {index > 0 && (
              <IconButton data-action="up" className="honu-button--small" label={t('moveUp', { number })} icon={ArrowUp} onClick={onMoveUp} />
            )}
            {!last && (
              <IconButton data-action="down" className="honu-button--small" label={t('moveDown', { number })} icon={ArrowDown} onClick={onMoveDown} />
            )}
            <IconButton data-action="delete" className="honu-button--small" label={t('delete', { number })} icon={Trash2} onClick={onDelete} />
          </span>
        </td>
      )}
    </tr>
  )
}

/** Shown in a cell: up to 7 decimals (about a centimetre of latitude). */
const shown = (value: number | undefined) => (value === undefined ? '' : String(Number(value.toFixed(7))))

/**
 * A number cell: typed as text, applied on Enter or when focus leaves it, Escape puts the value back. A value the
 * editor refuses stays typed, marked invalid, with the panel's message saying why. What is typed belongs to the value
 * it was typed over: when the value changes (an undo, a move), the cell shows the new one. The input stays mounted
 * through every change, so focus stays in it.
 */
function NumberCell(props: {
  column: Column
  value: number | undefined
  label: string
  readOnly: boolean
  optional: boolean
  onCommit: (value: number | undefined, text: string) => boolean
}) {
  const { column, value, label, readOnly, optional, onCommit } = props
  const [typed, setTyped] = useState<{ text: string; over: number | undefined; invalid: boolean }>()
  const draft = typed && Object.is(typed.over, value) ? typed : undefined
  const apply = () => {
    if (!draft) return
    const text = draft.text.trim()
    // Empty clears an optional value (the speed); anything not a number is refused by the editor like a bad one.
    const parsed = text === '' ? (optional ? undefined : NaN) : Number(text.replace(',', '.'))
    if (onCommit(parsed, draft.text)) setTyped(undefined)
    else setTyped({ ...draft, invalid: true })
  }
  if (readOnly) return <>{shown(value)}</>
  return (
    <input
      className="honu-missions__cell"
      data-column={column}
      aria-label={label}
      inputMode="decimal"
      size={9}
      autoComplete="off"
      value={draft ? draft.text : shown(value)}
      aria-invalid={draft?.invalid || undefined}
      onChange={(event) => setTyped({ text: event.target.value, over: value, invalid: false })}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          apply()
        } else if (event.key === 'Escape' && draft) {
          event.stopPropagation()
          setTyped(undefined)
        }
      }}
    />
  )
}
