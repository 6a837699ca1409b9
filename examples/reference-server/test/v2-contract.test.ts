import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { V2_RESOURCE_NAMES, type V2ResourceName } from '@honu/core'
import type { RunningServer } from '../src/start-server'
import { EMULATOR_HOST } from './auth-emulator'
import { clientsAs, raw, startTestServer } from './test-server'

/** A record to create for each resource, in organisation org-honu. */
const samples: Record<Exclude<V2ResourceName, 'user' | 'audit'>, Record<string, unknown>> = {
  organisation: { name: 'Test organisation' },
  campaign: { name: 'Test campaign', organisation_id: 'org-honu' },
  platform: { name: 'Test platform', kind: 'vehicle', organisation_id: 'org-honu' },
  mission: { name: 'Test mission', campaign_id: 'camp-reef' },
  execution: { mission_id: 'mis-north', status: 'planned' },
  asset: { name: 'Test asset', organisation_id: 'org-honu' },
  'asset/group': { name: 'Test group', organisation_id: 'org-honu' },
  chart: { name: 'Test chart', organisation_id: 'org-honu' },
  'user/rebac': { subject: 'user:demo-remy', relation: 'viewer', object: 'chart:chart-reef', organisation_id: 'org-honu' },
}

describe.each([
  ['one server', false],
  ['one service per resource family (local development redirection)', true],
])('v2 over %s', (_label, split) => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startTestServer(split ? { splitPortBase: 0 } : {})
  })
  afterAll(() => server.close())

  it(split ? 'serves each family on its own port' : 'serves everything under /api/v2', () => {
    expect(Object.keys(server.v2Services).length).toBe(split ? 9 : 0)
  })

  it.each(V2_RESOURCE_NAMES.filter((n) => n !== 'user' && n !== 'audit'))('%s: create, list, get, update, delete', async (name) => {
    const { v2 } = await clientsAs(server, 'ops@honu.test')
    const resource = v2.resource(name as Exclude<V2ResourceName, 'user' | 'audit'>)
    const created = (await resource.create(samples[name as keyof typeof samples] as never)) as { id: string; organisation_id: string }
    expect(created.id).toBeTruthy()
    expect(created.organisation_id).toBe(name === 'organisation' ? created.id : 'org-honu')
    expect((await resource.list()).some((r) => r.id === created.id)).toBe(true)
    await expect(resource.get(created.id)).resolves.toMatchObject({ id: created.id })
    const updated = (await resource.update(created.id, { status: 'reviewed' } as never)) as unknown as { status: string }
    expect(updated.status).toBe('reviewed')
    await resource.remove(created.id)
    await expect(resource.get(created.id)).rejects.toMatchObject({ status: 404 })
  })

  it('audit lists what changed and cannot be written', async () => {
    const { v2, token } = await clientsAs(server, 'ops@honu.test')
    await v2.resource('chart').create({ name: 'Audited', organisation_id: 'org-honu' } as never)
    const entries = await v2.resource('audit').list()
    expect(entries.some((e) => e.action === 'create' && e.resource.startsWith('chart/'))).toBe(true)
    const base = split ? server.v2Services.audit! : `${server.url}/api/v2`
    expect(
      (
        await fetch(`${base}/audit`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(404)
  })

  it('filters lists by field', async () => {
    const { v2 } = await clientsAs(server, 'ops@honu.test')
    const missions = await v2.resource('mission').list({ campaign_id: 'camp-reef' })
    expect(missions.map((m) => m.id)).toEqual(['mis-north'])
  })

  it('GET user/{uid} answers a list whose first item is the user', async () => {
    const { v2 } = await clientsAs(server, 'ada@honu.test')
    await expect(v2.getUser('demo-ada')).resolves.toMatchObject({
      uid: 'demo-ada',
      organisation_id: 'org-honu',
      roles: { Organisation: ['read', 'write', 'admin'] },
    })
  })

  it('user calls: list, create (uid), set roles, delete roles, delete', async () => {
    const { v2 } = await clientsAs(server, 'ada@honu.test')
    const users = await v2.listUsers('user/organisation/org-honu')
    expect(users.map((u) => u.email).sort()).toEqual(['ada@honu.test', 'ops@honu.test', 'remy@honu.test'])
    const email = `mp-${Date.now()}-${split ? 's' : 'm'}@honu.test`
    // Issue 22: creating answers an invitation (never an account's uid); the membership is made when the person
    // with the e-mail (here signed up in the emulator) accepts it.
    const { uid: invitation } = await v2.createUser('organisation', 'org-honu', { name: 'Pilot', email })
    expect(invitation).toMatch(/^[A-Za-z0-9]{28}$/)
    const signedUp = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'pilot-pass-1', returnSecureToken: true }),
    })
    const { localId: uid, idToken } = (await signedUp.json()) as { localId: string; idToken: string }
    expect((await raw(server, 'POST', `/api/v1/invitations/${invitation}/accept`, { token: idToken })).status).toBe(200)
    expect((await v2.getUser(uid))!.roles).toEqual({ Organisation: ['read'] })
    await v2.setUserRoles('organisation', 'org-honu', uid, { Organisation: ['read', 'write'] })
    expect((await v2.getUser(uid))!.roles).toEqual({ Organisation: ['read', 'write'] })
    await v2.deleteUserRoles('organisation', 'org-honu', uid)
    expect((await v2.getUser(uid))!.roles).toEqual({})
    await v2.deleteUser('organisation', 'org-honu', uid)
    await expect(v2.getUser(uid)).resolves.toBeUndefined()
  })
})

describe('v2 envelope', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('wraps every answer in { data } for the client to unwrap', async () => {
    const { token } = await clientsAs(server, 'ada@honu.test')
    const { body } = await raw(server, 'GET', '/api/v2/organisation', { token })
    expect(Array.isArray(body.data)).toBe(true)
    expect((body.data as { id: string }[]).map((o) => o.id)).toEqual(['org-honu'])
  })
})
