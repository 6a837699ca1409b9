import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type Tenant } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { VideoWidget } from './video-widget'
import type { VideoWidgetData } from './video-widget-data'

const API = 'http://127.0.0.1:1'
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' } as Tenant
const clip = { video_id: 'alpha-clip', name: 'Dock recording', source: '/media/alpha/alpha-clip/clip.mp4', proxy: null }

/** A console whose server answers GET /videos from `answer` (the boundary: fetch), with Alpha selected. */
function setup(answer: () => Response) {
  const requests: string[] = []
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push(`${init.method ?? 'GET'} ${new URL(url).pathname}${new URL(url).search}`)
    if (new URL(url).pathname.endsWith('/media-token')) return Response.json({ token: 'hm1.test' })
    return answer()
  })
  const client = createConsoleClient({
    api: { baseUrl: API, fetch },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.tenant.getState().setTenant(alpha)
  const widget = (id: string, data: VideoWidgetData) => (
    <VideoWidget key={id} widget={{ id, type: 'Video', name: id, data }} workspace="mission-review" setData={vi.fn()} />
  )
  return { client, requests, widget }
}

// jsdom plays no media: the player's element answers as a browser would, and nothing more is checked of it here
// (the player has its own tests; playing for real is the browser tests').
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue()
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue()
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue()
})

describe('VideoWidget', () => {
  it('finds its stream by id through the API, not through the stream screen’s store; widgets mounting together share one request', async () => {
    const { client, requests, widget } = setup(() => Response.json({ data: [clip], total_count: 1 }))
    render(
      <ConsoleProvider client={client}>
        {widget('one', { streamId: 'alpha-clip' })}
        {widget('two', { streamId: 'alpha-clip' })}
      </ConsoleProvider>,
    )
    expect(screen.getAllByText('Finding the stream…')).toHaveLength(2)
    expect(await screen.findAllByLabelText('Dock recording')).toHaveLength(2)
    expect(client.streamView.getState().streams).toEqual([])
    expect(requests.filter((r) => r.startsWith('GET'))).toEqual(['GET /api/v1/videos?tenant_id=alpha'])
  })

  it('says when the tenant no longer has the stream, and when none is chosen, without axe violations', async () => {
    const { client, widget } = setup(() => Response.json({ data: [clip], total_count: 1 }))
    const view = render(
      <ConsoleProvider client={client}>
        {widget('gone', { streamId: 'alpha-deleted' })}
        {widget('new', {})}
      </ConsoleProvider>,
    )
    expect(await screen.findByText(/This stream is no longer in the tenant’s list/)).toBeInTheDocument()
    expect(screen.getByText(/No stream is chosen for this widget/)).toBeInTheDocument()
    await expectNoAxeViolations(view.container)
  })

  it('a widget without a stream points itself at one through its picker, saving it as its data', async () => {
    const { client } = setup(() => Response.json({ data: [clip], total_count: 1 }))
    const setData = vi.fn()
    render(
      <ConsoleProvider client={client}>
        <VideoWidget widget={{ id: 'v', type: 'Video', name: 'Video 1', data: {} }} workspace="stream-view" setData={setData} />
      </ConsoleProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Choose a stream' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose a stream for Video 1' })
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Dock recording' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show stream' }))
    expect(setData).toHaveBeenCalledWith({ streamId: 'alpha-clip' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a failed lookup says so with a retry that loads it again', async () => {
    let down = true
    const { client, widget } = setup(() => (down ? new Response('{"error":"down"}', { status: 500 }) : Response.json({ data: [clip] })))
    render(<ConsoleProvider client={client}>{widget('one', { streamId: 'alpha-clip' })}</ConsoleProvider>)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/The stream could not be loaded/)
    down = false
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    expect(await screen.findByLabelText('Dock recording')).toBeInTheDocument()
  })

  it('plays a source of its own without looking anything up', async () => {
    const { client, requests, widget } = setup(() => Response.json({ data: [] }))
    render(<ConsoleProvider client={client}>{widget('Own source', { src: '/media/alpha/own/clip.mp4' })}</ConsoleProvider>)
    expect(await screen.findByLabelText('Own source')).toBeInTheDocument()
    expect(requests.filter((r) => r.includes('/videos?'))).toEqual([])
  })
})
