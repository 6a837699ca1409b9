import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderOnTenant } from '../picker/render-on-tenant'
import { VideoWidgetPicker } from './video-widget-picker'

// The dialog itself (focus, keys, errors, axe) is tested in picker/resource-picker-dialog.test.tsx; these are the
// Video widget's own parts: its list (GET /videos), its words and the data it answers.
const streams = [
  { video_id: 'alpha-stern', name: 'Stern camera', source: '/media/alpha/alpha-stern/index.m3u8', proxy: null },
  { video_id: 'alpha-bow', name: 'Bow camera', source: '/media/alpha/alpha-bow/index.m3u8', proxy: null },
]

/** The picker on a console whose server answers GET /videos (the boundary: fetch), with Alpha selected. */
function setup(answer: () => Response = () => Response.json({ data: streams, total_count: 2 })) {
  const onPick = vi.fn()
  const { fetch } = renderOnTenant(<VideoWidgetPicker name="Video 1" onPick={onPick} onCancel={vi.fn()} />, answer)
  return { onPick, fetch }
}

describe('VideoWidgetPicker', () => {
  it("lists the tenant's streams by name and answers { streamId }", async () => {
    const user = userEvent.setup()
    const { onPick, fetch } = setup()
    const dialog = await screen.findByRole('dialog', { name: 'Choose a stream for Video 1' })
    const group = await within(dialog).findByRole('group', { name: 'Streams of this tenant' })
    expect(String(fetch.mock.calls[0]![0])).toBe('http://127.0.0.1:1/api/v1/videos?tenant_id=alpha')
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent!.trim()),
    ).toEqual(['Bow camera', 'Stern camera'])
    await user.click(within(group).getByRole('radio', { name: 'Stern camera' }))
    await user.click(within(dialog).getByRole('button', { name: 'Show stream' }))
    expect(onPick).toHaveBeenCalledWith({ streamId: 'alpha-stern' })
  })

  it('says when the server could not answer', async () => {
    setup(() => new Response('{"error":"down"}', { status: 500 }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/The streams could not be loaded/)
  })

  it('says so when the tenant has no streams', async () => {
    setup(() => Response.json({ data: [], total_count: 0 }))
    expect(await screen.findByText(/This tenant has no streams yet/)).toBeInTheDocument()
  })
})
