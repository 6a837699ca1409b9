import { memo, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { Redo2, Undo2 } from 'lucide-react'
import { IconButton, useLocale, useMessages, type OpenPlan } from '@honu/console-kit'
import type { PlanEditor, PlanEditorSnapshot } from '@honu/core/mission'
import { planMapMessages } from '../messages/plan-map'
import {
  createPlanDrawing,
  drawsPolygon,
  PLAN_TOOLS,
  type PlanDrawing,
  type PlanDrawingSettings,
  type PlanDrawingState,
  type PlanTool,
} from './plan-drawing'
import type { PlanHandle, PlanLayerActions, PlanLayerView } from './plan-layer'

const never = () => () => {}
const nothing = () => undefined

/** An open plan as the map takes it: what to draw, what the handles do, and the drawing machine. */
export interface PlanOnMap {
  view: PlanLayerView
  actions: PlanLayerActions
  editor: PlanEditor
  drawing: PlanDrawing
  drawn: PlanDrawingState
  snapshot: PlanEditorSnapshot
  canWrite: boolean
  name: string
}

/**
 * Holds an open plan for a map: the editor's snapshot, a drawing machine of the map's own (each map has its tool),
 * the view the plan layer draws and the actions its handles call. `undefined` with no plan.
 */
export function usePlanOnMap(open: OpenPlan | undefined): PlanOnMap | undefined {
  const t = useMessages(planMapMessages)
  const { locale } = useLocale()
  const editor = open?.editor
  const drawing = useMemo(() => editor && createPlanDrawing(editor), [editor])
  const snapshot = useSyncExternalStore<PlanEditorSnapshot | undefined>(
    editor?.subscribe ?? never,
    editor?.getSnapshot ?? nothing,
    editor?.getSnapshot ?? nothing,
  )
  const drawn = useSyncExternalStore<PlanDrawingState | undefined>(
    drawing?.subscribe ?? never,
    drawing?.getSnapshot ?? nothing,
    drawing?.getSnapshot ?? nothing,
  )
  const canWrite = open?.canWrite ?? false
  const label = useMemo(() => {
    const degrees = new Intl.NumberFormat(locale, { maximumFractionDigits: 5 })
    const metres = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    return (plan: PlanLayerView['plan'], handle: PlanHandle): string => {
      switch (handle.kind) {
        case 'waypoint': {
          const item = plan.items[handle.index]!
          if (item.kind !== 'waypoint') return ''
          return t('waypointHandle', {
            number: handle.index + 1,
            lat: degrees.format(item.lat),
            lon: degrees.format(item.lon),
            alt: metres.format(item.alt),
          })
        }
        case 'survey-corner':
          return t('surveyCorner', { number: handle.index + 1, corner: handle.corner + 1 })
        case 'fence-corner':
          return t('fenceCorner', {
            inclusion: String(plan.geofence.polygons[handle.fence]!.inclusion),
            fence: handle.fence + 1,
            corner: handle.corner + 1,
          })
        case 'fence-circle': {
          const circle = plan.geofence.circles[handle.fence]!
          return t('fenceCircle', { inclusion: String(circle.inclusion), fence: handle.fence + 1, radius: metres.format(circle.radius) })
        }
        case 'rally':
          return t('rally', { number: handle.index + 1 })
        case 'home':
          return t('home')
        case 'insert':
          return t('insert', { from: handle.after + 1, to: handle.after + 2 })
      }
      return ''
    }
  }, [t, locale])
  const plan = snapshot?.plan
  const draft = drawn?.draft
  const view = useMemo<PlanLayerView | undefined>(
    () => plan && { plan, draft: draft ?? [], editable: canWrite, label: (handle) => label(plan, handle) },
    [plan, draft, canWrite, label],
  )
  const actions = useMemo<PlanLayerActions | undefined>(
    () =>
      editor && {
        move: (vertex, to) => editor.moveVertex(vertex, to),
        remove: (vertex) => editor.removeVertex(vertex),
        insert: (after, at) => editor.insertWaypoint(at, after + 1),
      },
    [editor],
  )
  const name = open?.name
  // One object while nothing of it changes: the map re-renders on every live batch, the toolbar need not.
  return useMemo(
    () =>
      editor && drawing && snapshot && drawn && view && actions && name !== undefined
        ? { editor, view, actions, drawing, drawn, snapshot, canWrite, name }
        : undefined,
    [editor, view, actions, drawing, drawn, snapshot, canWrite, name],
  )
}

/** Props of {@link PlanToolbar}. */
export interface PlanToolbarProps {
  planning: PlanOnMap
  /** The map's centre, where the keyboard places points; `undefined` while there is no map. */
  center(): { lat: number; lon: number } | undefined
}

/**
 * The planning toolbar above a map showing an open plan: what a click places (a select, so it reads the same to
 * keyboard and screen reader), the settings of the shapes drawn next, Place at the centre (the keyboard's click),
 * Finish / Remove last corner / Cancel for a shape being drawn, Undo and Redo of the shared editor, and a live note
 * of what the last action did.
 */
export const PlanToolbar = memo(function PlanToolbar({ planning, center }: PlanToolbarProps) {
  const t = useMessages(planMapMessages)
  const id = useId()
  const { editor, drawing, drawn, snapshot, canWrite, name } = planning
  const [invalid, setInvalid] = useState<string>()
  if (!canWrite) return <p className="honu-muted honu-map__plan-note">{t('readOnly')}</p>
  const { tool, draft, settings } = drawn
  const polygon = drawsPolygon(tool)
  const setting = (key: keyof PlanDrawingSettings, label: string) => (
    <SettingInput
      key={`${key}-${settings[key]}`}
      id={`${id}-${key}`}
      label={label}
      value={settings[key]}
      onCommit={(value, text) => {
        const ok = drawing.setSetting(key, value)
        setInvalid(ok ? undefined : t('settingInvalid', { setting: label, value: text }))
        return ok
      }}
    />
  )
  return (
    <div className="honu-map__plan">
      <div className="honu-map__plan-tools" role="toolbar" aria-label={t('tools', { name })} aria-describedby={`${id}-help`}>
        <span className="honu-map__plan-field">
          <label htmlFor={`${id}-tool`}>{t('toolGroup')}</label>
          <select id={`${id}-tool`} value={tool} onChange={(event) => drawing.setTool(event.target.value as PlanTool)}>
            {PLAN_TOOLS.map((option) => (
              <option key={option} value={option}>
                {t('tool', { tool: option })}
              </option>
            ))}
          </select>
        </span>
        {tool === 'survey' && (
          <>
            {setting('spacing', t('spacing'))}
            {setting('heading', t('heading'))}
          </>
        )}
        {(tool === 'circle-inclusion' || tool === 'circle-exclusion') && setting('radius', t('radius'))}
        {tool !== 'move' && (
          <button
            type="button"
            className="honu-button honu-button--small"
            onClick={() => {
              const at = center()
              if (at) drawing.place(at)
            }}
          >
            {t('placeAtCentre')}
          </button>
        )}
        {polygon && (
          <>
            <button type="button" className="honu-button honu-button--small" disabled={draft.length < 3} onClick={() => drawing.finish()}>
              {t('finishShape')}
            </button>
            <button
              type="button"
              className="honu-button honu-button--small honu-button--quiet"
              disabled={draft.length === 0}
              onClick={() => drawing.undoCorner()}
            >
              {t('undoCorner')}
            </button>
            <button
              type="button"
              className="honu-button honu-button--small honu-button--quiet"
              disabled={draft.length === 0}
              onClick={() => drawing.cancel()}
            >
              {t('cancelShape')}
            </button>
          </>
        )}
        <IconButton className="honu-button--small" label={t('undo')} icon={Undo2} disabled={!snapshot.canUndo} onClick={() => editor.undo()} />
        <IconButton className="honu-button--small" label={t('redo')} icon={Redo2} disabled={!snapshot.canRedo} onClick={() => editor.redo()} />
      </div>
      <p className="honu-map__plan-note" role="status">
        {invalid ?? (drawn.note ? t(drawn.note.key, 'values' in drawn.note ? drawn.note.values : undefined) : '')}
      </p>
      <p id={`${id}-help`} className="honu-muted honu-map__plan-help">
        {t('help')}
      </p>
    </div>
  )
})

/** A number setting: applied on Enter or when focus leaves it; a refused value stays typed and marked invalid. */
function SettingInput({
  id,
  label,
  value,
  onCommit,
}: {
  id: string
  label: string
  value: number
  onCommit: (value: number, text: string) => boolean
}) {
  const [text, setText] = useState(String(value))
  const [invalid, setInvalid] = useState(false)
  const apply = () => {
    if (text.trim() === String(value)) return
    const ok = onCommit(Number(text.trim().replace(',', '.')), text)
    setInvalid(!ok)
  }
  return (
    <span className="honu-map__plan-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        size={5}
        autoComplete="off"
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            apply()
          }
        }}
      />
    </span>
  )
}
