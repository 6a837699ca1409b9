import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type Tenant } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { VideoWidgetPicker } from './video-widget-picker'

const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' } as Tenant
const streams = [
  { video_id: 'alpha-stern', name: 'Stern camera', source: '/media/alpha/alpha-stern/index.m3u8', proxy: null },
  { video_id: 'alpha-bow', name: 'Bow camera', source: '/media/alpha/alpha-bow/index.m3u8', proxy: null },
]

/** The picker on a console whose server answers GET /videos (the boundary: fetch), with Alpha selected. */
function setup(answer: () => Response = () => Response.json({ data: streams, total_count: 2 })) {
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1', fetch: vi.fn(async () => answer()) },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.tenant.getState().setTenant(alpha)
  const onPick = vi.fn()
  const onCancel = vi.fn()
  render(
    <ConsoleProvider client={client}>
      <VideoWidgetPicker name="Video 1" onPick={onPick} onCancel={onCancel} />
    </ConsoleProvider>,
  )
  return { onPick, onCancel }
}

describe('VideoWidgetPicker', () => {
  it("lists the tenant's streams by name, picked with the arrow keys and Enter, without axe violations", async () => {
    const user = userEvent.setup()
    const { onPick } = setup()
    const dialog = await screen.findByRole('dialog', { name: 'Choose a stream for Video 1' })
    const group = await within(dialog).findByRole('group', { name: 'Streams of this tenant' })
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent!.trim())).toEqual(['Bow camera', 'Stern camera'])
    // Focus goes to the list once it is there; ArrowDown moves to and checks the next stream.
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Bow camera' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    expect(within(group).getByRole('radio', { name: 'Stern camera' })).toBeChecked()
    await expectNoAxeViolations(dialog)
    await user.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledWith({ streamId: 'alpha-stern' })
  })

  it('says to pick one when nothing is chosen, and Escape cancels', async () => {
    const user = userEvent.setup()
    const { onPick, onCancel } = setup()
    const dialog = await screen.findByRole('dialog', { name: 'Choose a stream for Video 1' })
    await user.click(await within(dialog).findByRole('button', { name: 'Show stream' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick a stream first.')
    expect(onPick).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalled()
  })

  it('says when the server could not answer, and when the tenant has no streams', async () => {
    setup(() => new Response('{"error":"down"}', { status: 500 }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/The streams could not be loaded/)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('says so when the tenant has no streams', async () => {
    setup(() => Response.json({ data: [], total_count: 0 }))
    expect(await screen.findByText(/This tenant has no streams yet/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show stream' })).toBeNull()
  })
})
