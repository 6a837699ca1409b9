import {
  applyShapes,
  readGeoJson,
  readKml,
  readQgcPlan,
  readWpl,
  writeQgcPlan,
  type AltitudeFrame,
  type MissionFileError,
  type MissionPlan,
  type NotKept,
  type ShapeUse,
} from '@honu/core/mission'

/** The file formats the plan imports. */
export type PlanFileKind = 'plan' | 'wpl' | 'kml' | 'geojson'

/** What KML and GeoJSON shapes become (they hold shapes, not plans: the planner says what for). */
export const SHAPE_USES = ['path', 'survey', 'inclusion-fence', 'exclusion-fence', 'rally'] as const
export type ShapeUseKind = (typeof SHAPE_USES)[number]

/** The result of an import: the new plan with what it did not keep, item by item, or the file's refusal. */
export type ImportResult = { ok: true; plan: MissionPlan; notKept: NotKept[] } | { ok: false; error: MissionFileError }

/** A file's format: by its extension, else by its first characters. */
export function planFileKind(fileName: string, text: string): PlanFileKind {
  const extension = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1]
  if (extension === 'plan') return 'plan'
  if (extension === 'waypoints' || extension === 'txt') return 'wpl'
  if (extension === 'kml') return 'kml'
  if (extension === 'geojson') return 'geojson'
  const start = text.replace(/^\uFEFF/, '').trimStart()
  if (start.startsWith('QGC WPL')) return 'wpl'
  if (start.startsWith('<')) return 'kml'
  return /"fileType"\s*:\s*"Plan"/.test(start) ? 'plan' : 'geojson'
}

/**
 * Reads a plan file with core's readers: a `.plan` or a WPL list replaces the plan; KML and GeoJSON shapes are
 * added to it as `use` says, at the altitude and frame given (their own altitudes are not used). A malformed file
 * answers its refusal and no plan.
 */
export function importPlanFile(
  fileName: string,
  text: string,
  plan: MissionPlan,
  use: ShapeUseKind,
  altitude: { alt: number; frame: AltitudeFrame },
): ImportResult {
  const kind = planFileKind(fileName, text)
  if (kind === 'plan' || kind === 'wpl') {
    const read = kind === 'plan' ? readQgcPlan(text) : readWpl(text)
    return read.ok ? { ok: true, plan: read.value, notKept: read.notKept } : read
  }
  const read = kind === 'kml' ? readKml(text) : readGeoJson(text)
  if (!read.ok) return read
  const applied = applyShapes(plan, read.value, shapeUse(use, altitude))
  return { ok: true, plan: applied.plan, notKept: [...read.notKept, ...applied.notKept] }
}

const shapeUse = (use: ShapeUseKind, { alt, frame }: { alt: number; frame: AltitudeFrame }): ShapeUse => {
  switch (use) {
    case 'path':
      return { as: 'path', alt, frame }
    case 'survey':
      return { as: 'survey', spacing: 20, heading: 0, alt, frame }
    case 'rally':
      return { as: 'rally', alt }
    default:
      return { as: use }
  }
}

/** The plan as a QGroundControl `.plan` file named after the mission, with what the format cannot hold. */
export function exportPlanFile(plan: MissionPlan, missionName: string): { fileName: string; text: string; notKept: NotKept[] } {
  const { text, notKept } = writeQgcPlan(plan)
  const base = missionName.replace(/[^\p{L}\p{N} _.-]+/gu, '').trim() || 'mission'
  return { fileName: `${base}.plan`, text, notKept }
}
