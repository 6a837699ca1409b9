import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
// As a host names MapLibre's worker: a file of the app, served under `worker-src 'self'`.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { createPlanEditor, type MissionPlan } from '@honu/core/mission'
import type { MapVehicle } from './map-vehicle'
import { mapDefaults, setMapDefaults } from './map-settings'
import { VehicleMap } from './vehicle-map'

setMapDefaults({ workerUrl })

// A fixed clock: stale is a matter of the clock, and a story must look the same on every run.
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0)
const clock = () => NOW

/** Four vehicles in Kiel harbour: one under way, one with a low battery, one silent for a minute, one without heading. */
const harbour: MapVehicle[] = [
  {
    deviceId: 'alpha-boat-1',
    time: NOW,
    position: { lat: 54.3275, lon: 10.1505, altitudeM: 0 },
    headingDeg: 35,
    battery: { remainingPct: 81 },
    link: { quality: 97 },
  },
  { deviceId: 'alpha-boat-2', time: NOW, position: { lat: 54.3355, lon: 10.1602, altitudeM: 0 }, headingDeg: 210, battery: { remainingPct: 12 } },
  { deviceId: 'alpha-drone-1', time: NOW - 60_000, position: { lat: 54.3312, lon: 10.1401, altitudeM: 40 }, headingDeg: 300 },
  { deviceId: 'alpha-buoy', time: NOW, position: { lat: 54.3401, lon: 10.1488, altitudeM: 0 } },
]
const names = { 'alpha-boat-1': 'Survey boat', 'alpha-boat-2': 'Workboat', 'alpha-drone-1': 'Drone', 'alpha-buoy': 'Buoy' }

const meta = {
  title: 'Widgets/Map',
  component: VehicleMap,
  args: { vehicles: harbour, names, now: clock, onSelect: fn() },
  decorators: [
    (Story) => (
      <div style={{ width: 760, height: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VehicleMap>

export default meta
type Story = StoryObj<typeof meta>

/** Waits until MapLibre drew the offline basemap (its worker ran, and land was drawn in WebGL). */
const basemapDrawn = (root: HTMLElement) =>
  waitFor(
    () => {
      const map = root.querySelector('.honu-map')
      expect(map).toHaveAttribute('data-state', 'ready')
      expect(map).toHaveAttribute('data-basemap', 'drawn')
    },
    { timeout: 20_000 },
  )

/**
 * The tenant's vehicles over the offline basemap, each in its status's colour, and the list beside it that the
 * keyboard reaches: status in words and position. Choosing one from the list selects it.
 */
export const Vehicles: Story = {
  play: async ({ canvasElement, canvas, args }) => {
    await basemapDrawn(canvasElement)
    // All four drawn in WebGL (fitted into view on arrival).
    await waitFor(() => expect(canvasElement.querySelector('.honu-map')).toHaveAttribute('data-drawn-vehicles', '4'), { timeout: 10_000 })
    // The vehicles' own canvas lies over MapLibre's, as large, hidden from assistive technology (the list speaks).
    const overlay = canvasElement.querySelector<HTMLCanvasElement>('canvas.honu-map__vehicles')!
    const mapCanvas = canvasElement.querySelector<HTMLCanvasElement>('canvas.maplibregl-canvas')!
    expect(overlay).toHaveAttribute('aria-hidden', 'true')
    // Sized as the map's in the layer's next render, which may come a frame after the vehicles were written.
    await waitFor(() => expect([overlay.width, overlay.height]).toEqual([mapCanvas.width, mapCanvas.height]))
    const list = canvas.getByRole('list')
    const items = within(list).getAllByRole('button')
    expect(items.map((item) => item.textContent)).toEqual([
      'Survey boatOK54.32750, 10.15050',
      'WorkboatWarning54.33550, 10.16020',
      'DroneNo recent data54.33120, 10.14010',
      'BuoyOK54.34010, 10.14880',
    ])
    items[1]!.focus()
    await userEvent.keyboard('{Enter}')
    expect(args.onSelect).toHaveBeenCalledWith('alpha-boat-2')
    // Nothing was fetched from another origin (no tiles, glyphs or sprites): the basemap is the package's own.
    const remote = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).origin !== location.origin)
    expect(remote.map((entry) => entry.name)).toEqual([])
  },
}

/** A map whose selection is held by its parent, as the Map widget holds it: Follow needs a selected vehicle. */
export const SelectAndFollow: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState<string>()
    return <VehicleMap {...args} selectedId={selected} onSelect={setSelected} />
  },
  play: async ({ canvasElement, canvas }) => {
    await basemapDrawn(canvasElement)
    const follow = canvas.getByRole('button', { name: 'Follow the selected vehicle' })
    expect(follow).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: /^Workboat/ }))
    expect(canvas.getByRole('button', { name: /^Workboat/ })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(follow)
    expect(follow).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Show all vehicles' }))
    expect(follow).toHaveAttribute('aria-pressed', 'false')
  },
}

/**
 * A vehicle chosen on the map itself: the vehicles are drawn on a canvas of their own, and a click on the map is
 * matched to the nearest vehicle within reach; a click on open water chooses nothing.
 */
export const ClickOnTheMap: Story = {
  args: { vehicles: harbour.slice(0, 1), showList: false },
  play: async ({ canvasElement, args }) => {
    await basemapDrawn(canvasElement)
    // One vehicle, fitted: it is in the middle of the map.
    const mapCanvas = canvasElement.querySelector<HTMLCanvasElement>('canvas.maplibregl-canvas')!
    const box = mapCanvas.getBoundingClientRect()
    await userEvent.pointer({ keys: '[MouseLeft]', target: mapCanvas, coords: { clientX: box.left + 20, clientY: box.top + 20 } })
    expect(args.onSelect).not.toHaveBeenCalled()
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: mapCanvas,
      coords: { clientX: box.left + box.width / 2 + 3, clientY: box.top + box.height / 2 - 2 },
    })
    expect(args.onSelect).toHaveBeenCalledWith('alpha-boat-1')
  },
}

/** No vehicle reports yet: the world map, and the list says so. */
export const NoVehicles: Story = {
  args: { vehicles: [] },
  play: async ({ canvasElement, canvas }) => {
    await basemapDrawn(canvasElement)
    await expect(canvas.getByText('No vehicles are reporting yet.')).toBeVisible()
    expect(canvas.getByRole('button', { name: 'Show all vehicles' })).toBeDisabled()
  },
}

/** One vehicle, followed, without the list: as the vehicle page shows its vehicle. */
export const OneVehicleFollowed: Story = {
  args: { vehicles: harbour.slice(0, 1), selectedId: 'alpha-boat-1', follow: true, showList: false },
  play: async ({ canvasElement, canvas }) => {
    await basemapDrawn(canvasElement)
    expect(canvas.queryByRole('list')).toBeNull()
    expect(canvas.getByRole('button', { name: 'Follow the selected vehicle' })).toHaveAttribute('aria-pressed', 'true')
  },
}

/**
 * A narrow tile (a Map widget four columns wide): the list moves under the map, and the fit still shows every
 * vehicle (its padding shrinks with the map, since MapLibre refuses a fit that leaves no room).
 */
export const NarrowTile: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 380, height: 520 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await basemapDrawn(canvasElement)
    await waitFor(() => expect(canvasElement.querySelector('.honu-map')).toHaveAttribute('data-drawn-vehicles', '4'), { timeout: 10_000 })
    const view = canvasElement.querySelector('.honu-map__view')!.getBoundingClientRect()
    const list = canvasElement.querySelector('.honu-map__list')!.getBoundingClientRect()
    expect(list.top).toBeGreaterThanOrEqual(view.bottom)
  },
}

/**
 * A page that did not name MapLibre's worker (`setMapDefaults({ workerUrl })`): the map says so rather than make
 * a blob: worker a strict CSP refuses, and the list still shows every vehicle.
 */
export const WithoutWorker: Story = {
  beforeEach: () => {
    const saved = mapDefaults()
    setMapDefaults({ ...saved, workerUrl: undefined })
    return () => setMapDefaults(saved)
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('the page has not said where the map’s worker is served')
    expect(canvasElement.querySelector('.honu-map')).toHaveAttribute('data-state', 'no-worker')
    expect(within(canvas.getByRole('list')).getAllByRole('button')).toHaveLength(4)
  },
}

/** A plan in Kiel harbour: two waypoints, a survey area north of them and an inclusion fence around it all. */
const harbourPlan: MissionPlan = {
  items: [
    { kind: 'waypoint', lat: 54.329, lon: 10.148, alt: 20, frame: 'relative', holdSeconds: 0 },
    { kind: 'waypoint', lat: 54.333, lon: 10.152, alt: 20, frame: 'relative', holdSeconds: 0 },
    {
      kind: 'survey',
      polygon: [
        { lat: 54.335, lon: 10.15 },
        { lat: 54.335, lon: 10.156 },
        { lat: 54.338, lon: 10.156 },
        { lat: 54.338, lon: 10.15 },
      ],
      spacing: 40,
      heading: 90,
      alt: 20,
      frame: 'relative',
    },
  ],
  geofence: {
    polygons: [
      {
        inclusion: true,
        polygon: [
          { lat: 54.326, lon: 10.144 },
          { lat: 54.326, lon: 10.16 },
          { lat: 54.341, lon: 10.16 },
          { lat: 54.341, lon: 10.144 },
        ],
      },
    ],
    circles: [],
  },
  rallyPoints: [],
}

/**
 * A mission plan on the map (issue 25): fences, the survey area and the path drawn under the vehicles, a handle per
 * point, and the planning toolbar. From the keyboard: a waypoint nudged north and removed, a rally point placed at
 * the centre, and Undo.
 */
export const PlanOnTheMap: Story = {
  args: { vehicles: harbour.slice(0, 1) },
  render: function Render(args) {
    const [plan] = useState(() => ({ editor: createPlanEditor(harbourPlan), name: 'Harbour survey', canWrite: true }))
    return <VehicleMap {...args} plan={plan} />
  },
  play: async ({ canvasElement, canvas }) => {
    await basemapDrawn(canvasElement)
    await expect(canvas.getByRole('toolbar', { name: 'Planning tools for Harbour survey' })).toBeVisible()
    await expect(canvas.getAllByRole('button', { name: /^Survey 3, corner \d$/ })).toHaveLength(4)
    await expect(canvas.getAllByRole('button', { name: /^Inclusion fence 1, corner \d$/ })).toHaveLength(4)
    const second = canvas.getByRole('button', { name: 'Waypoint 2 at 54.333, 10.152, 20 m' })
    second.focus()
    await userEvent.keyboard('{ArrowUp}')
    // 10 m north: about 0.00009° of latitude.
    await waitFor(() => expect(second).toHaveAccessibleName('Waypoint 2 at 54.33309, 10.152, 20 m'))
    await expect(second).toHaveFocus()
    await userEvent.keyboard('{Delete}')
    await waitFor(() => expect(canvas.queryByRole('button', { name: /^Waypoint 2 at / })).toBeNull())
    await userEvent.selectOptions(canvas.getByLabelText('What a click on the map places'), 'rally')
    await userEvent.click(canvas.getByRole('button', { name: 'Place at the centre' }))
    await expect(await canvas.findByRole('button', { name: 'Rally point 1' })).toBeInTheDocument()
    await expect(canvas.getByRole('status')).toHaveTextContent('Rally point added.')
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Rally point 1' })).toBeNull())
  },
}
