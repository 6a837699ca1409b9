import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerResponse } from 'node:http'
import { json, startTestServer } from '../../test/http-test-server'
import { HttpError } from '../errors/http-error'
import { auditQuery, fallbackExportName, fileNameFromDisposition, parseAuditPage } from './audit'
import { createHttpClient } from './http-client'
import { createV1Client } from './create-v1-client'

const entry = {
  id: '42',
  at: '2026-11-26T02:40:00.000Z',
  actor: { uid: 'ada', email: 'ada@honu.test' },
  tenant_id: 'alpha',
  action: 'role.change',
  resource: { type: 'user', id: 'u1' },
  before: { role: 'writer' },
  after: { role: 'reader' },
}

describe('auditQuery', () => {
  it('names the filters as the server does and leaves out what is empty', () => {
    expect(
      auditQuery(
        {
          tenantId: 'alpha',
          actor: ' ada@honu.test ',
          action: '',
          resourceType: 'user',
          resourceId: undefined,
          from: '2026-11-01T00:00:00.000Z',
          to: '',
        },
        { cursor: 'c1', limit: 200 },
      ),
    ).toEqual({
      format: undefined,
      tenant_id: 'alpha',
      actor: 'ada@honu.test',
      action: undefined,
      resource_type: 'user',
      resource_id: undefined,
      from: '2026-11-01T00:00:00.000Z',
      to: undefined,
      cursor: 'c1',
      limit: 200,
    })
  })

  it('a tenant of null asks for every tenant (no tenant_id at all)', () => {
    expect(auditQuery({ tenantId: null }, { format: 'csv' })).toMatchObject({ tenant_id: undefined, format: 'csv' })
  })
})

describe('parseAuditPage', () => {
  it('reads a page: entries, the next cursor and the total', () => {
    expect(parseAuditPage({ data: [entry], next_cursor: 'n2', total_count: 7 })).toEqual({ entries: [entry], nextCursor: 'n2', totalCount: 7 })
  })

  it('keeps the v2 organisation of an entry', () => {
    expect(parseAuditPage({ data: [{ ...entry, tenant_id: null, organisation_id: 'org-1' }], next_cursor: null }).entries[0]).toMatchObject({
      organisation_id: 'org-1',
    })
  })

  it('takes a missing e-mail, cursor and before as null', () => {
    const page = parseAuditPage({ data: [{ ...entry, actor: { uid: 'ada' }, before: undefined, tenant_id: null }] })
    expect(page.nextCursor).toBeNull()
    expect(page.totalCount).toBeUndefined()
    expect(page.entries[0]).toMatchObject({ id: '42', actor: { uid: 'ada', email: null }, before: null, tenant_id: null })
  })

  it.each([
    [{ data: [{ ...entry, at: 'yesterday' }] }, 'data[0].at is not a time'],
    [{ data: [{ ...entry, id: 42 }] }, 'data[0].id is not an id'],
    [{ data: [{ ...entry, organisation_id: 7 }] }, 'data[0].organisation_id is not an organisation id'],
    [{ data: [{ ...entry, actor: 'ada' }] }, 'the value is not an actor'],
    [{ data: [{ ...entry, action: '' }] }, 'data[0].action is empty'],
    [{ data: [{ ...entry, before: 'role=writer' }] }, 'data[0].before'],
    [{ items: [] }, 'data is missing'],
    ['<html>Bad gateway</html>', 'the value is not a page of the audit trail'],
  ])('refuses an answer that is not a page of the trail, naming the field (%#)', (body, problem) => {
    let error: unknown
    try {
      parseAuditPage(body)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toContain("The server's audit trail could not be read:")
    expect((error as HttpError).message).toContain(problem)
  })
})

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="audit-alpha-2026-11-26.csv"', 'audit-alpha-2026-11-26.csv'],
    ['attachment; filename=audit-all-2026-11-26.json', 'audit-all-2026-11-26.json'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''audit-m%C3%BCnchen.csv`, 'audit-münchen.csv'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\Windows\\\\evil.csv"', 'evil.csv'],
    ['attachment; filename=".."', undefined],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name)
  })

  it('an export without a name is named after the tenant (or all) and the UTC date', () => {
    const now = new Date('2026-11-26T23:30:00Z')
    expect(fallbackExportName({ tenantId: 'alpha' }, 'csv', now)).toBe('audit-alpha-2026-11-26.csv')
    expect(fallbackExportName({ tenantId: null }, 'json', now)).toBe('audit-all-2026-11-26.json')
  })
})

describe('v1.listAudit and v1.exportAudit over HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let handle: (url: URL, res: ServerResponse) => void = (_url, res) => json(res, 200, { data: [] })
  beforeAll(async () => {
    server = await startTestServer((req, res) => handle(new URL(req.url, 'http://x'), res))
  })
  afterAll(() => server.close())
  const v1 = () => createV1Client({ http: createHttpClient({ getToken: async () => 'secret-token' }), baseUrl: server.url })

  it('lists a page with the filters in the query and the token only in the header', async () => {
    handle = (_url, res) => json(res, 200, { data: [entry], next_cursor: 'next' })
    const page = await v1().listAudit({ tenantId: 'alpha', action: 'role.change', from: '2026-11-01T00:00:00.000Z' }, { cursor: 'c0', limit: 100 })
    expect(page).toEqual({ entries: [entry], nextCursor: 'next' })
    const request = server.requests.at(-1)!
    expect(request.url).toBe('/api/v1/audit?tenant_id=alpha&action=role.change&from=2026-11-01T00%3A00%3A00.000Z&cursor=c0&limit=100')
    expect(request.headers.authorization).toBe('Bearer secret-token')
    expect(request.url).not.toContain('secret-token')
  })

  it("passes the server's refusal on as an HttpError", async () => {
    handle = (_url, res) => json(res, 403, { message: 'Forbidden' })
    await expect(v1().listAudit({ tenantId: 'bravo' })).rejects.toMatchObject({ status: 403, code: 'http/forbidden' })
  })

  it('exports the filtered view as a file with the bearer header and the name from Content-Disposition', async () => {
    const csv =
      'id,at,actor_uid,actor_email,tenant_id,action,resource_type,resource_id,before,after\r\n42,2026-11-26T02:40:00.000Z,ada,ada@honu.test,alpha,role.change,user,u1,"{""role"":""writer""}","{""role"":""reader""}"\r\n'
    handle = (_url, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-alpha-2026-11-26.csv"' })
      res.end(csv)
    }
    const file = await v1().exportAudit({ tenantId: 'alpha', actor: 'ada' }, 'csv')
    expect(file.fileName).toBe('audit-alpha-2026-11-26.csv')
    expect(await file.blob.text()).toBe(csv)
    const request = server.requests.at(-1)!
    expect(request.url).toBe('/api/v1/audit/export?format=csv&tenant_id=alpha&actor=ada')
    expect(request.headers.authorization).toBe('Bearer secret-token')
  })

  it('an export without Content-Disposition gets a name of its own; a failed one rejects with the server words', async () => {
    handle = (_url, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('[]')
    }
    const file = await v1().exportAudit({ tenantId: null }, 'json')
    expect(file.fileName).toMatch(/^audit-all-\d{4}-\d{2}-\d{2}\.json$/)
    expect(await file.blob.text()).toBe('[]')
    handle = (_url, res) => json(res, 500, { message: 'Export failed' })
    await expect(v1().exportAudit({ tenantId: 'alpha' }, 'json')).rejects.toMatchObject({ status: 500, message: 'Export failed' })
  })
})
