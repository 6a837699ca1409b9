// The page of the live-map benchmark: one live-channel client (a plain WebSocket speaking the channel's protocol,
// frames parsed with @honu/core/live's schemas) and 1,000 vehicles drawn either by the Map widget's VehicleMap
// (WebGL layer) or, as the baseline, one maplibregl.Marker (DOM element) per vehicle. It records, per vehicle
// update, ingest-to-screen latency: Date.now() when the update is on screen minus the telemetry's `time` (set by
// the server at ingest, same machine clock). "On screen" for the WebGL layer = the MapLibre frame in which the
// vehicle layer drew the committed data (its 'vehicles drawn' event); for DOM markers =
// the animation frame after the markers were moved.
import { useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import * as maplibregl from 'maplibre-gl'
import { setMapDefaults, VehicleMap } from '@honu/widgets'
import { VEHICLES_DRAWN } from '../../packages/widgets/src/map/vehicle-layer'
// Both drawings styled as in an app: the widgets' styles, and MapLibre's own (markers are positioned by it).
import '@honu/widgets/styles.css'
import 'maplibre-gl/dist/maplibre-gl.css'
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { parseServerMessage, parseVehiclesEventData, vehiclesTopic, type VehicleTelemetry } from '@honu/core/live'

interface StartOptions {
  mode: 'webgl' | 'dom'
  wsUrl: string
  token: string
  tenantId: string
  bounds: [[number, number], [number, number]]
  /** Show the list of vehicles beside the map, with names (as the Map widget does); BENCH_LIST=1. */
  list?: boolean
}

// MapLibre's worker as a file of the page, as a host names it (both modes share it).
setMapDefaults({ workerUrl: maplibreWorkerUrl })
maplibregl.setWorkerUrl(maplibreWorkerUrl)

const latencies: number[] = []
let longTasks = 0
let longTaskMs = 0
let recording = false
new PerformanceObserver((list) => {
  if (!recording) return
  for (const entry of list.getEntries()) {
    longTasks++
    longTaskMs += entry.duration
  }
}).observe({ type: 'longtask', buffered: false })

const record = (times: readonly number[]) => {
  if (!recording) return
  const now = Date.now()
  for (const t of times) latencies.push(now - t)
}

const info = { frames: 0, closeCode: 0, last: '' }

type Listener = (vehicles: readonly VehicleTelemetry[]) => void

function connect(options: StartOptions, onVehicles: Listener) {
  const ws = new WebSocket(options.wsUrl)
  const topic = vehiclesTopic(options.tenantId)
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: options.token }))
  ws.onclose = (e) => {
    info.closeCode = e.code
  }
  ws.onmessage = (message: MessageEvent<string>) => {
    info.frames++
    info.last = message.data.slice(0, 200)
    const parsed = parseServerMessage(message.data)
    if (!parsed.ok) throw new Error(parsed.error)
    const frame = parsed.value
    if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topic }))
    if (frame.type === 'event' && frame.topic === topic) {
      const data = parseVehiclesEventData(frame.data)
      if (data.ok) onVehicles(data.value.vehicles)
    }
  }
  return ws
}

// ---- WebGL: the Map widget's VehicleMap -------------------------------------------------------------------------

// Batches committed by React (with the time of the commit) wait until the map fires the vehicle layer's
// 'vehicles drawn' event for data handed over at or after their commit: that frame showed them.
let committed: { at: number; times: number[] }[] = []
const hooked = new WeakSet<object>()
// MapLibre's private render step, wrapped only to attach a listener to each map the widget creates.
type WithRender = { _render(this: maplibregl.Map, ...args: unknown[]): unknown }
const proto = maplibregl.Map.prototype as unknown as WithRender
const originalRender = proto._render
proto._render = function (this: maplibregl.Map, ...args: unknown[]) {
  if (!hooked.has(this)) {
    hooked.add(this)
    this.on(VEHICLES_DRAWN as never, (event: { setAt: number }) => {
      const shown = committed.filter((batch) => batch.at <= event.setAt)
      committed = committed.filter((batch) => batch.at > event.setAt)
      for (const batch of shown) record(batch.times)
    })
  }
  return originalRender.apply(this, args)
}

function WebglPage({ options }: { options: StartOptions }) {
  const [vehicles, setVehicles] = useState<readonly VehicleTelemetry[]>([])
  const [names, setNames] = useState<Readonly<Record<string, string>>>({})
  const pending = useRef<number[]>([])
  useEffect(() => {
    const byId = new Map<string, VehicleTelemetry>()
    const ws = connect(options, (update) => {
      let added = false
      for (const v of update) {
        added ||= !byId.has(v.deviceId)
        byId.set(v.deviceId, v)
        pending.current.push(v.time)
      }
      // Names as the Map widget has them (from the device list), new only when a vehicle is.
      if (added) setNames(Object.fromEntries([...byId.keys()].map((id) => [id, `Vehicle ${id}`])))
      setVehicles([...byId.values()])
    })
    return () => ws.close()
  }, [options])
  useEffect(() => {
    if (pending.current.length) committed.push({ at: performance.now(), times: pending.current })
    pending.current = []
  }, [vehicles])
  return <VehicleMap vehicles={vehicles} names={options.list ? names : undefined} showList={options.list ?? false} label="Benchmark map" />
}

// ---- Baseline: one maplibregl.Marker per vehicle -----------------------------------------------------------------

function startDomPage(container: HTMLElement, options: StartOptions) {
  const map = new maplibregl.Map({
    container,
    style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#0b2a3a' } }] },
    bounds: options.bounds,
    attributionControl: false,
  })
  const markers = new Map<string, maplibregl.Marker>()
  let frameTimes: number[] = []
  let scheduled = false
  connect(options, (update) => {
    for (const v of update) {
      if (!v.position) continue
      let marker = markers.get(v.deviceId)
      if (!marker) {
        const el = document.createElement('div')
        el.style.cssText = 'width:0;height:0;border-left:6px solid transparent;border-right:6px solid transparent;border-bottom:14px solid #4ade80'
        marker = new maplibregl.Marker({ element: el, rotationAlignment: 'map' }).setLngLat([v.position.lon, v.position.lat]).addTo(map)
        markers.set(v.deviceId, marker)
      }
      marker.setLngLat([v.position.lon, v.position.lat]).setRotation(v.headingDeg ?? 0)
      frameTimes.push(v.time)
    }
    if (!scheduled) {
      scheduled = true
      requestAnimationFrame(() => {
        scheduled = false
        record(frameTimes)
        frameTimes = []
      })
    }
  })
}

// ---- What the runner calls ---------------------------------------------------------------------------------------

declare global {
  var benchStart: (options: StartOptions) => void
  var benchRecord: (on: boolean) => void
  var benchInfo: () => typeof info
  var benchCollect: () => { latencies: number[]; longTasks: number; longTaskMs: number }
}

globalThis.benchStart = (options) => {
  const root = document.getElementById('root')!
  if (options.mode === 'webgl') createRoot(root).render(<WebglPage options={options} />)
  else {
    const div = document.createElement('div')
    root.append(div)
    startDomPage(div, options)
  }
}
globalThis.benchRecord = (on) => {
  recording = on
}
globalThis.benchInfo = () => info
globalThis.benchCollect = () => ({ latencies, longTasks, longTaskMs })
