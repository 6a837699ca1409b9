import { describe, expect, it, vi } from 'vitest'
import { startConsole } from './start-console'

describe('startConsole (spec §2 start-up)', () => {
  it('runs the steps in order, then mounts', async () => {
    const order: string[] = []
    const result = await startConsole({
      steps: [() => void order.push('a'), async () => void order.push('b')],
      mount: () => order.push('mount'),
    })
    expect(result).toBe('mounted')
    expect(order).toEqual(['a', 'b', 'mount'])
  })

  it('does not mount when a step fails, and logs the error', async () => {
    const mount = vi.fn()
    const onError = vi.fn()
    const failure = new Error('config missing')
    await expect(startConsole({ steps: [() => Promise.reject(failure)], mount, onError })).resolves.toBe('failed')
    expect(mount).not.toHaveBeenCalled()
    expect(onError).toHaveBeenCalledWith(failure)
  })

  it('logs to console.error by default', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    await startConsole({
      steps: [
        () => {
          throw new Error('x')
        },
      ],
      mount: vi.fn(),
    })
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('not mounted'), expect.any(Error))
  })

  it('navigates to a requested redirect instead of mounting, skipping later steps', async () => {
    const mount = vi.fn()
    const later = vi.fn()
    const redirect = vi.fn()
    await expect(startConsole({ steps: [() => ({ redirect: '/elsewhere' }), later], mount, redirect })).resolves.toBe('redirected')
    expect(redirect).toHaveBeenCalledWith('/elsewhere')
    expect(later).not.toHaveBeenCalled()
    expect(mount).not.toHaveBeenCalled()
  })
})

describe('start-up notices', () => {
  it('hands the steps’ notices to mount, and shows them bottom-right for 1500 ms', async () => {
    const { createConsoleClient } = await import('@honu/core')
    const { createManualScheduler, createMemoryStorage } = await import('@honu/core/testing')
    const { showStartupNotices } = await import('./start-console')
    const scheduler = createManualScheduler()
    const client = createConsoleClient({
      api: { baseUrl: 'http://127.0.0.1:1' },
      scheduler,
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    })
    let received: string[] = []
    await startConsole({ steps: [() => ({ notice: 'API not reachable yet' })], mount: (notices) => (received = notices) })
    expect(received).toEqual(['API not reachable yet'])
    showStartupNotices(client, received)
    expect(client.toasts.getState().toasts).toMatchObject([{ message: 'API not reachable yet', position: 'bottom-right', timeoutMs: 1500 }])
    scheduler.advance(1500)
    expect(client.toasts.getState().toasts).toEqual([])
  })
})
