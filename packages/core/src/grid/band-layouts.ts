/**
 * One layout per screen band (spec §9 breakpoints): a workspace arranged on a wide screen is not squeezed into a
 * narrow one. A band the user arranged owns its layout (`Workspace.layouts`); a band that has none is derived from
 * the nearest band that has one, and owns it from the moment the user moves something there (the grid store saves
 * it, see `savedLayouts` in `grid-store.ts`). Pure and DOM-free.
 *
 * Deriving: towards a WIDER band the nearest layout is taken as it is (its columns simply get wider, which squeezes
 * nothing); towards a NARROWER band each widget keeps about the width in pixels it had (its columns scaled by the
 * ratio of the two bands' breakpoints, at most the whole grid; under 600 px every widget takes the whole width),
 * and the widgets flow into the narrower grid in reading order. Heights stay: rows have a fixed height in px.
 */

import { BREAKPOINTS, SCREEN_BANDS, type ScreenBand } from '../constants/breakpoints'
import type { BandLayouts, BandPlace, GridSettings, GridWidget, Workspace } from './grid-model'
import { autoPlace, compactLayout } from './layout-engine'
import { clampWidget, columnsOf } from './workspace-rules'

const rank = (band: ScreenBand) => SCREEN_BANDS.indexOf(band)

/**
 * The band nearest to `band` that owns a layout (itself when it does). On a tie the wider one wins: a layout
 * arranged with more room is more often the one the user meant.
 */
export function nearestLayoutBand(layouts: BandLayouts | undefined, band: ScreenBand): ScreenBand | undefined {
  const owners = SCREEN_BANDS.filter((b) => layouts?.[b] !== undefined)
  let best: ScreenBand | undefined
  for (const owner of owners) {
    const distance = Math.abs(rank(owner) - rank(band))
    if (best === undefined || distance <= Math.abs(rank(best) - rank(band))) best = owner
  }
  return best
}

/** The widgets with the places of `places`; a widget without one there arrives at the first free spot. */
function withPlaces(items: readonly GridWidget[], places: readonly BandPlace[], columns: number): GridWidget[] {
  const byId = new Map(places.map((place) => [place.id, place]))
  const placed = items.map((item) => {
    const place = byId.get(item.id)
    if (!place) return item.isMinimised ? item : { ...item, x: undefined, y: undefined }
    if (item.x === place.x && item.y === place.y && item.w === place.w && item.h === place.h) return item
    return clampWidget({ ...item, x: place.x, y: place.y, w: place.w, h: place.h }, columns)
  })
  // Saved layouts are compact already; this closes the gaps of widgets removed since and places newcomers.
  return compactLayout(placed, columns)
}

/** The width in columns a widget of `w` columns in band `from` needs in the narrower band `to`. */
function widthIn(w: number, from: ScreenBand, to: ScreenBand, columns: number): number {
  if (to === 'xs') return columns
  if (from === 'xs') return w
  return Math.round((w * BREAKPOINTS[from]) / BREAKPOINTS[to])
}

/** The widgets of a wider band's layout flowed into a narrower band, each as wide in px as it was (see above). */
function flowed(items: readonly GridWidget[], places: readonly BandPlace[], from: ScreenBand, to: ScreenBand, columns: number): GridWidget[] {
  const byId = new Map(places.map((place) => [place.id, place]))
  const source = (item: GridWidget) => byId.get(item.id)
  // Reading order of the source layout; widgets it does not know come last, in their order.
  const order = items
    .filter((item) => !item.isMinimised)
    .sort((a, b) => {
      const pa = source(a)
      const pb = source(b)
      if (!pa || !pb) return pa ? -1 : pb ? 1 : 0
      return pa.y - pb.y || pa.x - pb.x
    })
  let next = items.map((item) => {
    if (item.isMinimised) return item
    const place = source(item)
    const w = widthIn(place?.w ?? item.w ?? 1, from, to, columns)
    const h = place?.h ?? item.h
    return clampWidget({ ...item, x: undefined, y: undefined, w, h }, columns)
  })
  for (const item of order) next = autoPlace(next, item.id, columns)
  return next
}

/**
 * The workspace's widgets laid out for `band`: its own layout when it has one, else derived from the nearest band
 * that has one, else as they are (nothing was arranged yet, so the current places become the band's layout once
 * anything changes). Snap mode lays widgets out by order alone, so there the items stay as they are.
 */
export function itemsForBand(workspace: Workspace, band: ScreenBand, settings: GridSettings): GridWidget[] {
  const { items, layouts } = workspace
  if (settings.snapToGrid) return items
  const columns = columnsOf(settings)
  const own = layouts?.[band]
  if (own) return withPlaces(items, own, columns)
  const nearest = nearestLayoutBand(layouts, band)
  if (!nearest) return items
  const places = layouts![nearest]!
  return rank(nearest) < rank(band) ? withPlaces(items, places, columns) : flowed(items, places, nearest, band, columns)
}
