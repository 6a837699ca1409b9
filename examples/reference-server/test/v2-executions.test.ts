import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executionsTopic, type MissionExecutionState, type ServerMessage } from '@honu/core/live'
import { emptyMissionPlan, type MissionPlan } from '@honu/core/mission'
import { seededVehicles } from '../src/seed'
import { specOf } from '../src/simulator/simulated-vehicle'
import { startSimulator, type RunningSimulator } from '../src/simulator/simulator'
import type { RunningServer } from '../src/start-server'
import { openAuthenticatedLive, subscribe, type LiveTestSocket } from './live-socket'
import { clientsAs, raw, startTestServer } from './test-server'

/**
 * The v2 execution API end to end (issue 25): a seeded server whose ground link talks real MAVLink over UDP to the
 * simulator's ArduPilot-like autopilot flying Alpha's alpha-usv-1, which Honu Ocean Operations' platform `plat-kahu`
 * names (MAVLink system 1). Ada (admin of Alpha and of the organisation) holds the vehicle's control lease, taken on
 * the live channel. Flights are short (a few hundred metres at 100 m/s, the simulator at 20 Hz); waits are bounded by
 * the test timeout, never timed.
 */
let server: RunningServer
/** The server's feature map, read on every request and subscription: a test turns mission planning off in it. */
const features = { mission_planning: true }
let simulator: RunningSimulator
const tokens: Record<'ada' | 'ops' | 'remy' | 'cal' | 'wes', string> = { ada: '', ops: '', remy: '', cal: '', wes: '' }
/** Ada's live socket, subscribed to her organisation's executions; Cal's, to his own organisation's. */
let adaLive: LiveTestSocket
let calLive: LiveTestSocket

const KAHU = seededVehicles.find((v) => v.device_id === 'alpha-usv-1')!
/** Where plans start: the vehicle's position when the test began (so legs stay short), else its circuit's centre. */
let centre = specOf(KAHU, 0).centre

/** A point `northM`, `eastM` metres from `centre`. */
const at = (northM: number, eastM: number) => ({
  lat: centre.lat + northM / 111_195,
  lon: centre.lon + eastM / (111_195 * Math.cos((centre.lat * Math.PI) / 180)),
})
const point = (northM: number, eastM: number, holdSeconds = 0) =>
  ({ kind: 'waypoint', ...at(northM, eastM), alt: 0, frame: 'relative', holdSeconds }) as const
const plan = (...items: MissionPlan['items']): MissionPlan => ({ ...emptyMissionPlan(), items })

async function until(ready: () => boolean | Promise<boolean>) {
  while (!(await ready())) await new Promise((r) => setTimeout(r, 20))
}

const call = (who: keyof typeof tokens, method: string, path: string, body?: unknown) =>
  raw(server, method, path, { token: tokens[who], body: body === undefined ? undefined : JSON.stringify(body) })

let serial = 0
/** A mission of Honu Ocean Operations with `missionPlan` (or none) for plat-kahu, and a pending execution of it. */
async function pendingExecution(missionPlan: unknown, platformId = 'plat-kahu') {
  serial += 1
  const missionId = `mis-test-${serial}`
  const executionId = `exec-test-${serial}`
  const mission = await call('ada', 'POST', '/api/v2/mission', {
    id: missionId,
    name: `Test mission ${serial}`,
    campaign_id: 'camp-reef',
    platform_id: platformId,
    ...(missionPlan === undefined ? {} : { plan: missionPlan }),
  })
  expect(mission.status).toBe(201)
  const execution = await call('ada', 'POST', '/api/v2/execution', {
    id: executionId,
    mission_id: missionId,
    platform_id: platformId,
    status: 'pending',
  })
  expect(execution.status).toBe(201)
  return executionId
}

/** The states of one execution that arrived on a socket, in order. */
const statesOn = (socket: LiveTestSocket, topic: string, executionId: string): MissionExecutionState[] =>
  socket.messages.flatMap((m: ServerMessage) =>
    m.type === 'event' && m.topic === topic
      ? (m.data as { executions: MissionExecutionState[] }).executions.filter((e) => e.executionId === executionId)
      : [],
  )
const statusesOn = (socket: LiveTestSocket, executionId: string) =>
  statesOn(socket, executionsTopic('org-honu'), executionId)
    .map((s) => s.status)
    .filter((status, i, all) => status !== all[i - 1])
const lastStatus = (executionId: string) => statesOn(adaLive, executionsTopic('org-honu'), executionId).at(-1)?.status

const record = async (executionId: string) => (await call('ada', 'GET', `/api/v2/execution/${executionId}`)).body.data as Record<string, unknown>

beforeAll(async () => {
  server = await startTestServer({ mavlinkPort: 0, features })
  simulator = await startSimulator({
    vehicles: [KAHU],
    target: { host: '127.0.0.1', port: server.telemetry.mavlink!.port },
    rateHz: 20,
    autopilot: { speedMs: 100, rerequestS: 0.2 },
  })
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
  // Heard, with the HEARTBEAT that says which autopilot it is (what the mode commands need).
  await until(() => server.groundLink.vehicle(KAHU.system_id)?.type !== undefined)
  await until(() => server.hub.snapshot('alpha').some((v) => v.deviceId === KAHU.device_id && v.position !== undefined))
  centre = server.hub.snapshot('alpha').find((v) => v.deviceId === KAHU.device_id)!.position!
  adaLive = await openAuthenticatedLive(server.url, tokens.ada)
  adaLive.send({ type: 'control', tenantId: 'alpha', deviceId: 'alpha-usv-1', action: 'request' })
  expect(await adaLive.next((m) => m.type === 'control-result')).toMatchObject({ ok: true })
  expect(await subscribe(adaLive, executionsTopic('org-honu'))).toMatchObject({ type: 'subscribed' })
  calLive = await openAuthenticatedLive(server.url, tokens.cal)
  expect(await subscribe(calLive, executionsTopic('org-kai'))).toMatchObject({ type: 'subscribed' })
})
afterAll(async () => {
  adaLive?.close()
  calLive?.close()
  await simulator?.close()
  await server?.close()
})

describe('v2 execution actions over the mission protocol', () => {
  it('flies a small plan from uploading to running to completed, on the record, the audit trail and the live channel', async () => {
    const id = await pendingExecution(plan(point(60, 0), point(60, 60, 0.2), point(0, 60)))
    const started = await call('ada', 'POST', `/api/v2/execution/${id}/start`)
    expect(started).toMatchObject({ status: 202, body: { data: { id, status: 'uploading', platform_id: 'plat-kahu', item_count: 3 } } })

    await until(() => lastStatus(id) === 'completed')
    expect(statusesOn(adaLive, id)).toEqual(['uploading', 'running', 'completed'])
    expect(await record(id)).toMatchObject({
      status: 'completed',
      progress: 1,
      reached_items: [0, 1, 2],
      current_item: 2,
      reason: null,
      started_at: expect.any(String),
      ended_at: expect.any(String),
    })
    // Each status change in the audit trail: the operator's while her start waited on the vehicle, the vehicle's after.
    const audit = await server.db.query<{ action: string; actor_uid: string; before: { status: string }; after: { status: string } }>(
      `select action, actor_uid, before, after from audit_entries
       where resource_type = 'execution' and resource_id = $1 and action <> 'execution.create' order by id`,
      [id],
    )
    expect(audit.map((e) => [e.action, e.actor_uid, e.before.status, e.after.status])).toEqual([
      ['execution.uploading', 'demo-ada', 'pending', 'uploading'],
      ['execution.running', 'demo-ada', 'uploading', 'running'],
      ['execution.completed', 'system', 'running', 'completed'],
    ])
    // Another organisation's subscriber heard nothing of it.
    expect(JSON.stringify(calLive.messages)).not.toContain(id)
  })

  it('pauses and resumes a running execution, then aborts it: the vehicle returns to launch', async () => {
    // A long hold at the second waypoint keeps it running while it is paused and resumed.
    const id = await pendingExecution(plan(point(100, 0), point(100, 100, 30), point(0, 100)))
    expect((await call('ada', 'POST', `/api/v2/execution/${id}/start`)).status).toBe(202)
    await until(() => lastStatus(id) === 'running')

    expect(await call('ada', 'POST', `/api/v2/execution/${id}/pause`)).toMatchObject({ status: 200, body: { data: { status: 'paused' } } })
    // Pausing a paused execution is refused with the state machine's reason, and changes nothing.
    expect(await call('ada', 'POST', `/api/v2/execution/${id}/pause`)).toMatchObject({
      status: 409,
      body: { message: 'Only a running execution can be paused; this one is paused.' },
    })
    expect(await call('ada', 'POST', `/api/v2/execution/${id}/resume`)).toMatchObject({ status: 200, body: { data: { status: 'running' } } })
    const aborted = await call('ada', 'POST', `/api/v2/execution/${id}/abort`, { reason: 'Weather coming in.' })
    expect(aborted).toMatchObject({ status: 200, body: { data: { status: 'aborted' } } })
    expect(String(aborted.body.data && (aborted.body.data as { reason: string }).reason)).toBe(
      'Weather coming in. The vehicle returns to its launch point and disarms there.',
    )
    await until(() => lastStatus(id) === 'aborted')
    expect(statusesOn(adaLive, id)).toEqual(['uploading', 'running', 'paused', 'running', 'aborted'])
    // The end is the end: nothing more can be commanded.
    expect(await call('ada', 'POST', `/api/v2/execution/${id}/resume`)).toMatchObject({ status: 409 })
    expect(await call('ada', 'POST', `/api/v2/execution/${id}/start`)).toMatchObject({ status: 409 })
  })

  it('refuses an operator without the vehicle’s control, naming who holds it', async () => {
    const id = await pendingExecution(plan(point(50, 0)))
    // Olu may command anything in mission planning, but Ada holds the vehicle's control.
    expect(await call('ops', 'POST', `/api/v2/execution/${id}/start`)).toMatchObject({
      status: 409,
      body: { code: 'not-in-control', message: 'Ada Admin is in control of USV Kahu: ask for control, or wait until it is handed over.' },
    })
    // Nobody holds Drone Iwa's: Cal is told to take it first.
    const [kai] = await server.db.query<{ id: string }>(`select id from v2_records where resource = 'execution' and organisation_id = 'org-kai'`)
    await server.db.query(`update v2_records set data = data || '{"status":"pending"}'::jsonb where resource = 'execution' and id = $1`, [kai!.id])
    // At 30 m: Iwa flies between 5 and 120 m.
    await call('cal', 'PUT', '/api/v2/mission/mis-bay', { plan: plan({ ...point(10, 10), alt: 30 }), platform_id: 'plat-iwa' })
    expect(await call('cal', 'POST', `/api/v2/execution/${kai!.id}/start`)).toMatchObject({
      status: 409,
      body: { code: 'not-in-control', message: 'Nobody is in control of Drone Iwa: take control of it first.' },
    })
    expect((await record(id)).status).toBe('pending')
  })

  it('refuses a reader, an account outside mission planning and another organisation as the v2 gate does', async () => {
    const id = await pendingExecution(plan(point(50, 0)))
    expect(await call('remy', 'POST', `/api/v2/execution/${id}/start`)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await call('wes', 'POST', `/api/v2/execution/${id}/start`)).toMatchObject({ status: 403, body: { code: 'no-access' } })
    // Another organisation's execution answers as a missing one, over HTTP and on the live channel.
    const foreign = await call('cal', 'POST', `/api/v2/execution/${id}/start`)
    const missing = await call('cal', 'POST', `/api/v2/execution/exec-none/start`)
    expect(foreign).toMatchObject({ status: 404, body: { message: `execution "${id}" not found.` } })
    expect(missing).toMatchObject({ status: 404, body: { message: 'execution "exec-none" not found.' } })
    expect(await subscribe(calLive, executionsTopic('org-honu'))).toMatchObject({ type: 'refused', code: 'forbidden' })
    expect(await subscribe(calLive, executionsTopic('org-none'))).toMatchObject({ type: 'refused', code: 'forbidden' })
    const wesLive = await openAuthenticatedLive(server.url, tokens.wes)
    expect(await subscribe(wesLive, executionsTopic('org-honu'))).toMatchObject({ type: 'refused', code: 'forbidden' })
    wesLive.close()
    expect((await record(id)).status).toBe('pending')
  })

  it('lets a reader of the organisation follow its executions, until the membership goes', async () => {
    const live = await openAuthenticatedLive(server.url, tokens.remy)
    try {
      expect(await subscribe(live, executionsTopic('org-honu'))).toMatchObject({ type: 'subscribed' })
      // The snapshot: the executions this process flew for the organisation.
      const snapshot = await live.next((m) => m.type === 'event' && m.topic === executionsTopic('org-honu'))
      expect((snapshot as { data: { executions: MissionExecutionState[] } }).data.executions.length).toBeGreaterThan(0)
      await server.db.query(`delete from mp_users where uid = 'demo-remy' and organisation_id = 'org-honu'`)
      // The socket's periodic check ends the topic.
      expect(await live.next((m) => m.type === 'refused' && m.topic === executionsTopic('org-honu'))).toMatchObject({ code: 'forbidden' })
    } finally {
      live.close()
    }
  })

  it('refuses every command, every v2 call and the executions topic when mission planning is off', async () => {
    const id = await pendingExecution(plan(point(50, 0)))
    features.mission_planning = false
    try {
      expect(await call('ada', 'POST', `/api/v2/execution/${id}/start`)).toMatchObject({ status: 403, body: { code: 'mission-planning-off' } })
      for (const [method, path] of [
        ['GET', '/api/v2/mission'],
        ['GET', `/api/v2/execution/${id}`],
        ['PUT', '/api/v2/mission/mis-north'],
        ['GET', '/api/v2/user/ada'],
      ] as const) {
        expect(await call('ada', method, path, method === 'PUT' ? { name: 'Renamed' } : undefined)).toMatchObject({
          status: 403,
          body: { code: 'mission-planning-off', message: 'Mission planning is turned off on this server.' },
        })
      }
      const live = await openAuthenticatedLive(server.url, tokens.ada)
      expect(await subscribe(live, executionsTopic('org-honu'))).toMatchObject({ type: 'refused', code: 'forbidden' })
      live.close()
    } finally {
      features.mission_planning = true
    }
    expect((await record(id)).status).toBe('pending')
  })

  it('refuses to command a record no server process flies, saying so', async () => {
    // The seeded exec-1 says running, as a record left by a server that restarted would.
    expect(await call('ada', 'POST', '/api/v2/execution/exec-1/pause')).toMatchObject({
      status: 409,
      body: { message: 'The execution’s record says running, but this server is not flying it (it restarted since the start).' },
    })
    expect(await call('ada', 'POST', '/api/v2/execution/exec-1/start')).toMatchObject({
      status: 409,
      body: { message: 'The execution is running: only a pending execution can be started.' },
    })
  })

  it('describes the four actions in the OpenAPI document, each needing a bearer token', async () => {
    const { body } = await raw(server, 'GET', '/openapi.json')
    const paths = (body as unknown as { paths: Record<string, { post?: { security?: unknown; description?: string } }> }).paths
    for (const action of ['start', 'pause', 'resume', 'abort']) {
      expect(paths[`/api/v2/execution/{id}/${action}`]?.post, action).toMatchObject({ security: [{ bearer: [] }], description: expect.any(String) })
    }
  })

  it('refuses a plan that cannot be flown with its reason, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [emptyMissionPlan(), 'The mission cannot be executed: The mission has no waypoints.'],
      [undefined, 'The mission has no plan: plan its waypoints first.'],
      [{ ...emptyMissionPlan(), items: [{ ...point(0, 0), lat: 200 }] }, 'The mission’s plan cannot be flown: '],
      // Kahu is a surface vehicle: downtown Honolulu is on the site pack's land.
      [plan(point(0, 0), { ...point(0, 0), lat: 21.3069, lon: -157.8583 }), 'The mission cannot be executed: Item 2: point 1 is on land.'],
    ]
    for (const [missionPlan, message] of cases) {
      const id = await pendingExecution(missionPlan)
      const answer = await call('ada', 'POST', `/api/v2/execution/${id}/start`)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain(message)
      expect((await record(id)).status).toBe('pending')
    }
  })

  it("refuses a PUT that sets an execution's flight state, which only its actions change; other fields still change", async () => {
    const id = await pendingExecution(plan(point(40, 0)))
    expect(await call('ada', 'PUT', `/api/v2/execution/${id}`, { status: 'completed' })).toMatchObject({
      status: 409,
      body: {
        code: 'execution-state',
        message: "An execution's flight state (pending) changes only through its actions: start, pause, resume, abort.",
      },
    })
    expect((await record(id)).status).toBe('pending')
    expect(await call('ada', 'PUT', `/api/v2/execution/${id}`, { notes: 'Calm sea expected' })).toMatchObject({ status: 200 })
    expect(await record(id)).toMatchObject({ status: 'pending', notes: 'Calm sea expected' })
  })
})
