import { describe, expect, it, vi } from 'vitest'
import { ConsoleError } from '../errors/console-error'
import { HttpError } from '../errors/http-error'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { createConsoleClient } from './create-console-client'
import { renameTenant } from './rename-tenant'

const alpha = {
  tenant_id: 'alpha',
  name: 'Alpha Harbour',
  remote_cidr: '10.10.0.0/16',
  remote_cidr_range: { start: '10.10.0.0', end: '10.10.255.255' },
}

/** A console with Alpha selected (roles loaded) whose server answers PUT tenants with `answer` (the boundary: fetch). */
function setup(answer: (body: unknown) => Response | Promise<Response>) {
  const calls: { method: string; url: string; body: unknown }[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method: init?.method ?? 'GET', url: String(url), body })
    return answer(body)
  })
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.tenant.getState().setTenant(alpha)
  client.tenant.getState().setRoles(['admin'])
  return { client, calls }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('renameTenant', () => {
  it('sends PUT tenants with the trimmed name, answers the saved name and renames the selected tenant in the store', async () => {
    const { client, calls } = setup((body) => json(200, body))
    await expect(renameTenant(client, 'alpha', '  Alpha North  ')).resolves.toBe('Alpha North')
    expect(calls).toEqual([{ method: 'PUT', url: 'http://api.test/api/v1/tenants/alpha', body: { name: 'Alpha North' } }])
    // The header reads this: the new name, the roles and ranges as they were.
    expect(client.tenant.getState()).toMatchObject({ tenant: { ...alpha, name: 'Alpha North' }, roles: ['admin'] })
  })

  it('answers the name the server saved, when it differs from what was sent', async () => {
    const { client } = setup(() => json(200, { name: 'Alpha (north)' }))
    await expect(renameTenant(client, 'alpha', 'Alpha North')).resolves.toBe('Alpha (north)')
    expect(client.tenant.getState().tenant?.name).toBe('Alpha (north)')
  })

  it('keeps the selection when another tenant is renamed (an admin console renaming Bravo)', async () => {
    const { client, calls } = setup(() => json(200, { name: 'Bravo Renamed' }))
    await expect(renameTenant(client, 'bravo', 'Bravo Renamed')).resolves.toBe('Bravo Renamed')
    expect(calls[0]?.url).toBe('http://api.test/api/v1/tenants/bravo')
    expect(client.tenant.getState().tenant).toEqual(alpha)
  })

  it('leaves the selection when the user picked another tenant while the call was under way', async () => {
    let release!: () => void
    const { client } = setup(() => new Promise<Response>((resolve) => (release = () => resolve(json(200, { name: 'Alpha North' })))))
    const renaming = renameTenant(client, 'alpha', 'Alpha North')
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    client.tenant.getState().setTenant({ tenant_id: 'bravo', name: 'Bravo Fleet' })
    release()
    await expect(renaming).resolves.toBe('Alpha North')
    expect(client.tenant.getState().tenant).toEqual({ tenant_id: 'bravo', name: 'Bravo Fleet' })
  })

  it("throws the server's refusal as the console's HttpError and leaves the name as it was", async () => {
    const { client } = setup(() => json(403, { message: 'You need to be an admin of this tenant to rename this tenant.' }))
    const failure = await renameTenant(client, 'alpha', 'Alpha North').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(HttpError)
    expect(failure).toMatchObject({ code: 'http/forbidden', status: 403, message: 'You need to be an admin of this tenant to rename this tenant.' })
    expect(client.tenant.getState().tenant?.name).toBe('Alpha Harbour')
  })

  it("leaves the rest of the name rule to the server: its 400 is the console's HttpError with the server's words", async () => {
    const { client, calls } = setup(() => json(400, { message: 'body/name must be one line without control characters' }))
    await expect(renameTenant(client, 'alpha', 'Alpha\u0007North')).rejects.toMatchObject({
      code: 'http/status',
      status: 400,
      message: 'body/name must be one line without control characters',
    })
    expect(calls).toHaveLength(1)
    expect(client.tenant.getState().tenant?.name).toBe('Alpha Harbour')
  })

  it('throws http/network when the server does not answer', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(renameTenant(client, 'alpha', 'Alpha North')).rejects.toMatchObject({ code: 'http/network' })
    expect(client.tenant.getState().tenant?.name).toBe('Alpha Harbour')
  })

  it("refuses without a tenant id with spec §5's 'Unable to find Tenant Id', sending nothing", async () => {
    const { client, calls } = setup((body) => json(200, body))
    const failure = await renameTenant(client, '', 'Alpha North').catch((error: unknown) => error)
    expect(ConsoleError.is(failure)).toBe(true)
    expect(failure).toMatchObject({ code: 'tenant/missing-id', message: 'Unable to find Tenant Id' })
    expect(calls).toEqual([])
  })

  it.each(['', '   '])('refuses the blank name %j with tenant/invalid-name, sending nothing', async (name) => {
    const { client, calls } = setup((body) => json(200, body))
    await expect(renameTenant(client, 'alpha', name)).rejects.toMatchObject({ code: 'tenant/invalid-name' })
    expect(calls).toEqual([])
  })
})
