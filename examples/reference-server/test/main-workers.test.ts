import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The several-process entry refuses, with its reason, what it cannot run. (Two processes really serving one
// PostgreSQL database are measured by `pnpm --filter @honu/reference-server run bench`.)
const serverDir = fileURLToPath(new URL('..', import.meta.url))
const run = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--conditions=@honu/source', '--import', 'tsx', 'src/main-workers.ts'],
      { cwd: serverDir, env: { ...process.env, DATABASE_URL: '', HONU_AUTH_MODE: 'emulator', ...env }, timeout: 20_000 },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    )
  })

describe('several server processes', () => {
  it('refuses to start without PostgreSQL', async () => {
    const { code, stderr } = await run({ HONU_WORKERS: '2' })
    expect(code).toBe(1)
    expect(stderr).toContain('Several server processes need PostgreSQL (DATABASE_URL)')
  })

  it('refuses a worker count that is not a whole number from 1 to 64', async () => {
    const { code, stderr } = await run({ HONU_WORKERS: 'two', DATABASE_URL: 'postgres://127.0.0.1:1/none' })
    expect(code).toBe(1)
    expect(stderr).toContain('HONU_WORKERS must be a whole number of processes from 1 to 64, not "two"')
  })
})
