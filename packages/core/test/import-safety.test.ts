// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'

vi.mock('react', () => {
  throw new Error('core must not import react')
})
vi.mock('react-dom', () => {
  throw new Error('core must not import react-dom')
})

describe('every core entry imports without a DOM and without React', () => {
  it('runs in an environment with no window or document', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
  })

  it.each(['../src/index', '../src/grid/index', '../src/testing/index', '../src/firebase/index', '../src/flags/index'])('%s', async (path) => {
    const module = (await import(path)) as Record<string, unknown>
    expect(Object.keys(module).length).toBeGreaterThan(0)
  })

  it('creates a console client on the server, with memory storage', async () => {
    const { createConsoleClient } = await import('../src/index')
    const client = createConsoleClient({ api: { baseUrl: 'http://127.0.0.1:1' } })
    client.tenant.getState().setTenant({ tenant_id: 't', name: 'T' })
    expect(client.tenant.getState().tenant?.name).toBe('T')
  })
})
