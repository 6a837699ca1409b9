// The vehicles' own WebGL drawing: arrows by heading, dots, the selection ring and the trails, drawn from two vertex
// buffers (written by vehicle-buffers.ts, once per frame with new data) on a canvas of its own over MapLibre's (a
// custom layer in the map's stack hands it the camera). A GeoJSON source would send every
// update through MapLibre's worker (serialise, re-tile, send buckets back, place symbols): at 1,000 vehicles and
// 10 Hz that kept the main thread busy for whole frames and left the screen seconds behind (bench/live-map).
import { Event as MapEvent, type CustomLayerInterface, type CustomRenderMethodInput, type Map as MapLibreMap } from 'maplibre-gl'
import { POINT_FLOATS, POINT_VERTICES, STATUS_INDEX, TRAIL_FLOATS, type VehicleData } from './vehicle-buffers'
import { STATUS_COLOURS, type VehicleStatus } from './vehicle-status'

/** The event the map fires when a frame drew vehicles handed over after `setAt` (`performance.now()`). */
export const VEHICLES_DRAWN = 'honu:vehicles-drawn'

/** The layer plus what the controller asks of it. */
export interface VehicleLayer {
  layer: CustomLayerInterface
  /**
   * Takes the vehicles' new vertex data and draws it (on the overlay, not redrawing the basemap). The layer keeps the
   * object and reads its arrays when it draws: the writer's next write replaces what it shows.
   */
  setData(data: VehicleData): void
  /** The vehicle under a point of the canvas (CSS pixels), within `radius`, nearest first. */
  pick(map: MapLibreMap, x: number, y: number, radius?: number): string | undefined
  /** How many vehicles are in view. */
  countInView(map: MapLibreMap): number
}

// The marker's box in CSS pixels: the ring (radius 18, stroke 2) fits with a pixel to spare for antialiasing.
const BOX_PX = 44
const TRAIL_ALPHA = 0.6
const OUTLINE = [0x0b / 255, 0x0f / 255, 0x14 / 255] as const

const POINT_VS = `
precision highp float;
uniform mat4 u_matrix;
uniform vec2 u_viewport;
uniform float u_box;
uniform float u_bearing;
uniform vec3 u_colours[3];
attribute vec2 a_pos;
attribute vec2 a_corner;
attribute float a_heading;
attribute float a_status;
attribute vec2 a_flags;
varying vec2 v_px;
varying float v_angle;
varying vec3 v_colour;
varying vec2 v_flags;
// The status index's colour, with constant indices only (no dynamic indexing of a uniform array per vertex).
vec3 statusColour(float status) {
  return mix(mix(u_colours[0], u_colours[1], step(0.5, status)), u_colours[2], step(1.5, status));
}
void main() {
  vec4 centre = u_matrix * vec4(a_pos, 0.0, 1.0);
  // The box's corner, in CSS pixels around the centre, moved in clip space (y up there, down on screen).
  // Only the selected vehicle needs the ring's box; the others a box just round the arrow (fewer pixels to shade).
  float box = a_flags.y > 0.5 ? u_box : 30.0;
  vec2 offset = a_corner * (box * 0.5);
  gl_Position = centre + vec4(offset.x * 2.0 / u_viewport.x, -offset.y * 2.0 / u_viewport.y, 0.0, 0.0) * centre.w;
  v_px = offset;
  // The arrow turns with the map: heading is from north, and north turns by the map's bearing.
  v_angle = a_heading - u_bearing;
  v_colour = statusColour(a_status);
  v_flags = a_flags;
}`

// Signed distance (CSS px, positive inside) to a triangle, and the arrow as the big triangle minus its notch.
const POINT_FS = `
precision highp float;
uniform vec3 u_outline;
varying vec2 v_px;
varying float v_angle;
varying vec3 v_colour;
varying vec2 v_flags;
float edge(vec2 a, vec2 b, vec2 p) {
  vec2 d = b - a;
  return (d.x * (p.y - a.y) - d.y * (p.x - a.x)) / length(d);
}
float triangle(vec2 a, vec2 b, vec2 c, vec2 p) {
  float s = sign(edge(a, b, c));
  return min(min(s * edge(a, b, p), s * edge(b, c, p)), s * edge(c, a, p));
}
void main() {
  vec4 colour = vec4(0.0);
  float r = length(v_px);
  // The selected vehicle's ring: white, radius 18, 2 px wide.
  if (v_flags.y > 0.5) {
    float ring = clamp(1.0 - abs(r - 19.0), 0.0, 1.0);
    colour = vec4(1.0, 1.0, 1.0, 1.0) * ring;
  }
  float d;
  if (v_flags.x > 0.5) {
    // Rotate the pixel back by the heading (clockwise from north on screen) to test the upright arrow.
    float c = cos(v_angle);
    float s = sin(v_angle);
    vec2 q = vec2(c * v_px.x + s * v_px.y, -s * v_px.x + c * v_px.y);
    float outer = triangle(vec2(0.0, -12.0), vec2(11.0, 11.0), vec2(-11.0, 11.0), q);
    float notch = triangle(vec2(0.0, 5.0), vec2(11.0, 11.0), vec2(-11.0, 11.0), q);
    d = min(outer, -notch);
  } else {
    d = 8.0 - r;
  }
  // A 2 px dark outline centred on the shape's edge, the status colour inside it.
  float shape = clamp(d + 1.5, 0.0, 1.0);
  float fill = clamp(d - 0.5, 0.0, 1.0);
  vec3 rgb = mix(u_outline, v_colour, fill);
  colour = vec4(rgb, 1.0) * shape + colour * (1.0 - shape);
  if (colour.a <= 0.0) discard;
  gl_FragColor = colour;
}`

const TRAIL_VS = `
precision highp float;
uniform mat4 u_matrix;
uniform vec3 u_colours[3];
uniform float u_alpha;
attribute vec2 a_pos;
attribute float a_status;
varying vec4 v_colour;
// The status index's colour, with constant indices only (no dynamic indexing of a uniform array per vertex).
vec3 statusColour(float status) {
  return mix(mix(u_colours[0], u_colours[1], step(0.5, status)), u_colours[2], step(1.5, status));
}
void main() {
  gl_Position = u_matrix * vec4(a_pos, 0.0, 1.0);
  v_colour = vec4(statusColour(a_status), u_alpha);
}`

const TRAIL_FS = `
precision mediump float;
varying vec4 v_colour;
void main() {
  gl_FragColor = vec4(v_colour.rgb * v_colour.a, v_colour.a);
}`

const rgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16) / 255,
  Number.parseInt(hex.slice(3, 5), 16) / 255,
  Number.parseInt(hex.slice(5, 7), 16) / 255,
]
// The status colours in the order of the vertex data's status index (a uniform table: three floats less per vertex).
const COLOUR_TABLE = new Float32Array(3 * 3)
for (const [status, hex] of Object.entries(STATUS_COLOURS)) COLOUR_TABLE.set(rgb(hex), STATUS_INDEX[status as VehicleStatus] * 3)

type GL = WebGLRenderingContext | WebGL2RenderingContext

function compile(gl: GL, vertex: string, fragment: string): WebGLProgram {
  const program = gl.createProgram()
  for (const [type, source] of [
    [gl.VERTEX_SHADER, vertex],
    [gl.FRAGMENT_SHADER, fragment],
  ] as const) {
    const shader = gl.createShader(type)
    if (!shader) throw new Error('@honu/widgets: WebGL could not create a shader')
    gl.shaderSource(shader, source)
    gl.compileShader(shader)
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
      throw new Error(`@honu/widgets: a map shader did not compile: ${gl.getShaderInfoLog(shader)}`)
    gl.attachShader(program, shader)
  }
  gl.linkProgram(program)
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`@honu/widgets: a map shader did not link: ${gl.getProgramInfoLog(program)}`)
  return program
}

function attribute(gl: GL, program: WebGLProgram, name: string, size: number, stride: number, offset: number) {
  const location = gl.getAttribLocation(program, name)
  if (location < 0) return -1
  gl.enableVertexAttribArray(location)
  gl.vertexAttribPointer(location, size, gl.FLOAT, false, stride * 4, offset * 4)
  return location
}

/** Creates the vehicles' layer (add `layer` to the map above the basemap). */
export function createVehicleLayer(id: string): VehicleLayer {
  let map: MapLibreMap | undefined
  let pointProgram: WebGLProgram | undefined
  let trailProgram: WebGLProgram | undefined
  // Looked up once per program, not on every frame.
  let uniforms:
    | Record<
        'trailMatrix' | 'trailColours' | 'trailAlpha' | 'matrix' | 'viewport' | 'box' | 'bearing' | 'outline' | 'colours',
        WebGLUniformLocation | null
      >
    | undefined
  let pointBuffer: WebGLBuffer | undefined
  let trailBuffer: WebGLBuffer | undefined
  let data: VehicleData | undefined
  // What was last uploaded (drawn until new data is).
  let pointCount = 0
  let trailCount = 0
  let dirty = false
  let setAt = 0

  let gl: GL | undefined
  let overlay: HTMLCanvasElement | undefined
  let matrix: Float32Array | undefined

  /** Draws the vehicles on the overlay with the map's newest camera (`matrix`). */
  let fence: WebGLSync | null = null
  let retry = 0
  /**
   * Whether the GPU has finished the overlay's previous frame (WebGL 2; WebGL 1 cannot tell and always draws). New
   * data waits for it rather than queue frames behind a busy GPU: queued frames made the browser block the main
   * thread for seconds at a time (a software GPU, 1,000 vehicles at 10 Hz) while data piled up.
   */
  const gpuCaughtUp = () => {
    if (!fence || !gl || !('fenceSync' in gl)) return true
    const status = gl.clientWaitSync(fence, 0, 0)
    if (status === gl.TIMEOUT_EXPIRED) return false
    gl.deleteSync(fence)
    fence = null
    return true
  }
  const drawWhenCaughtUp = () => {
    if (retry) return
    if (gpuCaughtUp()) return draw()
    retry = requestAnimationFrame(() => {
      retry = 0
      drawWhenCaughtUp()
    })
  }

  const draw = () => {
    if (!gl || !overlay || !map || !matrix || !pointProgram || !trailProgram || !pointBuffer || !trailBuffer || !uniforms) return
    const canvas = map.getCanvas()
    if (overlay.width !== canvas.width || overlay.height !== canvas.height) {
      overlay.width = canvas.width
      overlay.height = canvas.height
    }
    overlay.style.width = canvas.style.width
    overlay.style.height = canvas.style.height
    gl.viewport(0, 0, overlay.width, overlay.height)
    gl.clearColor(0, 0, 0, 0)
    gl.clear(gl.COLOR_BUFFER_BIT)
    const uploaded = dirty
    if (dirty && data) {
      pointCount = data.pointCount
      trailCount = data.trailVertices
      gl.bindBuffer(gl.ARRAY_BUFFER, pointBuffer)
      gl.bufferData(gl.ARRAY_BUFFER, data.points.subarray(0, pointCount * POINT_VERTICES * POINT_FLOATS), gl.DYNAMIC_DRAW)
      gl.bindBuffer(gl.ARRAY_BUFFER, trailBuffer)
      gl.bufferData(gl.ARRAY_BUFFER, data.trails.subarray(0, trailCount * TRAIL_FLOATS), gl.DYNAMIC_DRAW)
      dirty = false
    }
    gl.enable(gl.BLEND)
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
    const used: number[] = []
    if (trailCount) {
      gl.useProgram(trailProgram)
      gl.uniformMatrix4fv(uniforms.trailMatrix, false, matrix)
      gl.uniform3fv(uniforms.trailColours, COLOUR_TABLE)
      gl.uniform1f(uniforms.trailAlpha, TRAIL_ALPHA)
      gl.bindBuffer(gl.ARRAY_BUFFER, trailBuffer)
      used.push(attribute(gl, trailProgram, 'a_pos', 2, TRAIL_FLOATS, 0), attribute(gl, trailProgram, 'a_status', 1, TRAIL_FLOATS, 2))
      gl.drawArrays(gl.LINES, 0, trailCount)
      for (const location of used.splice(0)) if (location >= 0) gl.disableVertexAttribArray(location)
    }
    if (pointCount) {
      const ratio = canvas.width / Math.max(1, canvas.clientWidth)
      gl.useProgram(pointProgram)
      gl.uniformMatrix4fv(uniforms.matrix, false, matrix)
      // The viewport in CSS pixels: offsets are CSS pixels, so markers keep their size on any screen.
      gl.uniform2f(uniforms.viewport, canvas.width / ratio, canvas.height / ratio)
      gl.uniform1f(uniforms.box, BOX_PX)
      gl.uniform1f(uniforms.bearing, (map.getBearing() * Math.PI) / 180)
      gl.uniform3f(uniforms.outline, ...OUTLINE)
      gl.uniform3fv(uniforms.colours, COLOUR_TABLE)
      gl.bindBuffer(gl.ARRAY_BUFFER, pointBuffer)
      used.push(
        attribute(gl, pointProgram, 'a_pos', 2, POINT_FLOATS, 0),
        attribute(gl, pointProgram, 'a_corner', 2, POINT_FLOATS, 2),
        attribute(gl, pointProgram, 'a_heading', 1, POINT_FLOATS, 4),
        attribute(gl, pointProgram, 'a_status', 1, POINT_FLOATS, 5),
        attribute(gl, pointProgram, 'a_flags', 2, POINT_FLOATS, 6),
      )
      gl.drawArrays(gl.TRIANGLES, 0, pointCount * POINT_VERTICES)
      for (const location of used.splice(0)) if (location >= 0) gl.disableVertexAttribArray(location)
    }
    if ('fenceSync' in gl) {
      if (fence) gl.deleteSync(fence)
      fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0)
    }
    // (A custom event: MapLibre's event map does not list it.)
    if (uploaded) map.fire(new MapEvent(VEHICLES_DRAWN, { setAt }) as never)
  }

  // A layer in MapLibre's stack that draws nothing there: MapLibre calls it on every frame it draws (the camera
  // moved, a tile arrived), and it hands the camera to the overlay and redraws it in that same frame. New vehicle
  // data redraws only the overlay, never the basemap: a full map frame per update was what kept the main thread
  // busy in SwiftShader and on weak GPUs alike.
  const layer: CustomLayerInterface = {
    id,
    type: 'custom',
    renderingMode: '2d',
    onAdd(added) {
      map = added
      overlay = document.createElement('canvas')
      overlay.className = 'honu-map__vehicles'
      overlay.setAttribute('aria-hidden', 'true')
      // Over MapLibre's canvas, out of the layout (set here, not in the package's CSS: the overlay must never grow
      // the map it sizes itself from); clicks go through to the map, which picks the vehicle.
      Object.assign(overlay.style, { position: 'absolute', top: '0', left: '0', pointerEvents: 'none' })
      added.getCanvasContainer().append(overlay)
      const context =
        overlay.getContext('webgl2', { premultipliedAlpha: true, antialias: false }) ??
        overlay.getContext('webgl', { premultipliedAlpha: true, antialias: false })
      if (!context) throw new Error('@honu/widgets: WebGL is needed to draw the vehicles')
      gl = context
      pointProgram = compile(gl, POINT_VS, POINT_FS)
      trailProgram = compile(gl, TRAIL_VS, TRAIL_FS)
      uniforms = {
        trailMatrix: gl.getUniformLocation(trailProgram, 'u_matrix'),
        trailColours: gl.getUniformLocation(trailProgram, 'u_colours'),
        trailAlpha: gl.getUniformLocation(trailProgram, 'u_alpha'),
        colours: gl.getUniformLocation(pointProgram, 'u_colours'),
        matrix: gl.getUniformLocation(pointProgram, 'u_matrix'),
        viewport: gl.getUniformLocation(pointProgram, 'u_viewport'),
        box: gl.getUniformLocation(pointProgram, 'u_box'),
        bearing: gl.getUniformLocation(pointProgram, 'u_bearing'),
        outline: gl.getUniformLocation(pointProgram, 'u_outline'),
      }
      pointBuffer = gl.createBuffer()
      trailBuffer = gl.createBuffer()
      dirty = true
    },
    onRemove() {
      cancelAnimationFrame(retry)
      if (gl) {
        if (fence && 'fenceSync' in gl) gl.deleteSync(fence)
        if (pointProgram) gl.deleteProgram(pointProgram)
        if (trailProgram) gl.deleteProgram(trailProgram)
        if (pointBuffer) gl.deleteBuffer(pointBuffer)
        if (trailBuffer) gl.deleteBuffer(trailBuffer)
        // Give the context back now rather than at garbage collection: a page has only so many.
        gl.getExtension('WEBGL_lose_context')?.loseContext()
      }
      overlay?.remove()
      gl = overlay = map = undefined
    },
    render(_gl, input: CustomRenderMethodInput) {
      // Spherical Mercator 0–1 (what setData computes) to clip space, for the mercator projection the map uses.
      matrix = new Float32Array(input.defaultProjectionData.mainMatrix)
      draw()
    },
  }

  return {
    layer,
    setData(next) {
      data = next
      dirty = true
      setAt = performance.now()
      // Drawn now (once the GPU finished the previous frame): the map's controller writes data once per animation
      // frame already, and waiting for another frame would put a frame's delay between the data and the screen.
      // Before MapLibre's first frame (no camera yet) it is drawn with that frame.
      drawWhenCaughtUp()
    },
    pick(on, x, y, radius = 16) {
      let best: string | undefined
      let bestDistance = radius * radius
      if (!data) return best
      const { ids, lonLat } = data
      // In the order written, the selected vehicle last: where it overlaps a neighbour it wins.
      for (let i = 0; i < data.pointCount; i++) {
        const p = on.project([lonLat[i * 2]!, lonLat[i * 2 + 1]!])
        const distance = (p.x - x) ** 2 + (p.y - y) ** 2
        if (distance <= bestDistance) {
          best = ids[i]
          bestDistance = distance
        }
      }
      return best
    },
    countInView(on) {
      const canvas = on.getCanvas()
      let count = 0
      if (!data) return count
      const { lonLat } = data
      for (let i = 0; i < data.pointCount; i++) {
        const p = on.project([lonLat[i * 2]!, lonLat[i * 2 + 1]!])
        if (p.x >= 0 && p.y >= 0 && p.x <= canvas.clientWidth && p.y <= canvas.clientHeight) count++
      }
      return count
    },
  }
}
