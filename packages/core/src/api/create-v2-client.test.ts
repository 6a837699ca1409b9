import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { createHttpClient } from './http-client'
import { createV2Client } from './create-v2-client'
import { resolveV2Url } from './v2-url'
import { V2_RESOURCE_NAMES } from './v2-types'

type Server = Awaited<ReturnType<typeof startTestServer>>
let main: Server
let userService: Server
let answer: unknown = {}
beforeAll(async () => {
  main = await startTestServer((_req, res) => json(res, 200, answer))
  userService = await startTestServer((_req, res) => json(res, 200, answer))
})
afterAll(async () => {
  await main.close()
  await userService.close()
})

const http = createHttpClient()

describe('createV2Client answers, unwrapped (§7)', () => {
  it('unwraps the answer of the HTTP response envelope {data: {data: …}} to the inner data', async () => {
    answer = { data: [{ id: 'm1', name: 'Survey' }] }
    const client = createV2Client({ http, baseUrl: `${main.url}/api/v2` })
    await expect(client.resource('mission').list()).resolves.toEqual([{ id: 'm1', name: 'Survey' }])
  })
})

describe('resolveV2Url (local development redirection)', () => {
  const services = { user: 'http://localhost:7001/', 'asset/group': 'http://localhost:7002', asset: 'http://localhost:7003' }
  it.each([
    ['user/abc', 'http://localhost:7001/user/abc'],
    ['/user/rebac/x', 'http://localhost:7001/user/rebac/x'],
    ['asset/group/g1', 'http://localhost:7002/asset/group/g1'],
    ['asset/a1', 'http://localhost:7003/asset/a1'],
    ['mission/m1', 'https://api.example/api/v2/mission/m1'],
  ])('%s → %s', (path, url) => {
    expect(resolveV2Url(path, 'https://api.example/api/v2/', services)).toBe(url)
  })
})

describe('v2 user calls of §7', () => {
  const client = () => createV2Client({ http, baseUrl: `${main.url}/api/v2` })

  it('GET user/{uid} uses the first item of the list', async () => {
    answer = {
      data: [
        { id: '1', uid: 'u1', email: 'Ada@x.io', super_admin: true },
        { id: '2', uid: 'u2', email: 'b' },
      ],
    }
    const user = await client().getUser('u1')
    expect(main.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v2/user/u1' })
    expect(user).toMatchObject({ uid: 'u1', super_admin: true })
    expect(user!.avatar).toMatch(/gravatar/)
    answer = { data: [] }
    await expect(client().getUser('none')).resolves.toBeUndefined()
  })

  it.each([
    ['GET', '/api/v2/user/organisation/o1', undefined, (c: ReturnType<typeof client>) => c.listUsers('user/organisation/o1')],
    [
      'POST',
      '/api/v2/user/organisation/o1',
      { name: 'Ada', email: 'a@x' },
      (c: ReturnType<typeof client>) => c.createUser('organisation', 'o1', { name: 'Ada', email: 'a@x' }),
    ],
    ['DELETE', '/api/v2/user/organisation/o1/u1', undefined, (c: ReturnType<typeof client>) => c.deleteUser('organisation', 'o1', 'u1')],
    [
      'PUT',
      '/api/v2/user/organisation/o1/u1/role',
      { Organisation: ['read'] },
      (c: ReturnType<typeof client>) => c.setUserRoles('organisation', 'o1', 'u1', { Organisation: ['read'] }),
    ],
    ['DELETE', '/api/v2/user/organisation/o1/u1/role', undefined, (c: ReturnType<typeof client>) => c.deleteUserRoles('organisation', 'o1', 'u1')],
  ] as const)('%s %s', async (method, url, body, run) => {
    answer = { data: { uid: 'x' } }
    await run(client())
    expect(main.requests.at(-1)).toMatchObject({ method, url, body })
  })

  it('answers uid on user creation', async () => {
    answer = { data: { uid: 'new' } }
    await expect(client().createUser('organisation', 'o1', { name: 'n', email: 'e' })).resolves.toEqual({ uid: 'new' })
  })

  it('sends user calls to the user service when one is configured', async () => {
    answer = { data: [{ id: '1', uid: 'u1', email: 'e' }] }
    const local = createV2Client({ http, baseUrl: `${main.url}/api/v2`, services: { user: userService.url } })
    const before = main.requests.length
    await local.getUser('u1')
    expect(userService.requests.at(-1)).toMatchObject({ url: '/user/u1' })
    expect(main.requests.length).toBe(before)
  })
})

describe('typed client for every v2 resource type', () => {
  it.each(V2_RESOURCE_NAMES)('%s: list, get, create, update, remove', async (name) => {
    const client = createV2Client({ http, baseUrl: `${main.url}/api/v2` })
    const resource = client.resource(name)
    answer = { data: [{ id: 'r1' }] }
    await expect(resource.list({ organisation_id: 'o1' })).resolves.toEqual([{ id: 'r1' }])
    expect(main.requests.at(-1)).toMatchObject({ method: 'GET', url: `/api/v2/${name}?organisation_id=o1` })
    answer = { data: { id: 'r1' } }
    await expect(resource.get('r1')).resolves.toEqual({ id: 'r1' })
    expect(main.requests.at(-1)).toMatchObject({ method: 'GET', url: `/api/v2/${name}/r1` })
    await resource.create({ id: 'r1' } as never)
    expect(main.requests.at(-1)).toMatchObject({ method: 'POST', url: `/api/v2/${name}`, body: { id: 'r1' } })
    await resource.update('r1', {} as never)
    expect(main.requests.at(-1)).toMatchObject({ method: 'PUT', url: `/api/v2/${name}/r1` })
    await resource.remove('r1')
    expect(main.requests.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/v2/${name}/r1` })
  })

  it('lists as empty when the server answers something other than a list', async () => {
    answer = { data: 'maintenance' }
    await expect(
      createV2Client({ http, baseUrl: `${main.url}/api/v2` })
        .resource('chart')
        .list(),
    ).resolves.toEqual([])
  })
})

describe('command (a record action beside the CRUD, issue 25)', () => {
  it('POSTs {resource}/{id}/{action} with the query and body, and unwraps the answer', async () => {
    const client = createV2Client({ http, baseUrl: `${main.url}/api/v2` })
    answer = { data: { id: 'e 1', status: 'aborted' } }
    await expect(client.command('execution', 'e 1', 'abort', { query: { organisation_id: 'o1' }, body: { reason: 'Weather' } })).resolves.toEqual({
      id: 'e 1',
      status: 'aborted',
    })
    expect(main.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v2/execution/e%201/abort?organisation_id=o1',
      body: { reason: 'Weather' },
    })
  })
})
