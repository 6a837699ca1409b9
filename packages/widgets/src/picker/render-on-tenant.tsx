import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { createConsoleClient, type Tenant } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'

const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' } as Tenant

/**
 * For the pickers' tests: renders `ui` on a console with tenant Alpha selected whose server answers every request
 * with `answer()` (the boundary: fetch), and returns that fetch to check what was asked.
 */
export function renderOnTenant(ui: ReactElement, answer: () => Response) {
  const fetch = vi.fn(async (_url: string | URL | Request) => answer())
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1', fetch },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.tenant.getState().setTenant(alpha)
  render(<ConsoleProvider client={client}>{ui}</ConsoleProvider>)
  return { fetch }
}
