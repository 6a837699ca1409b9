import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { consoleAt } from '../../__fixtures__/console-at'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['reader'] } } },
  'GET /api/v1/videos': {
    status: 200,
    body: { data: [{ video_id: 'v1', name: 'Harbour mouth', source: 'https://cams.test/h.m3u8' }], total_count: 1 },
  },
}

const initialWidth = window.innerWidth
/** Sets the window's width as a browser would on resizing. */
const resizeTo = (width: number) =>
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width })
    window.dispatchEvent(new Event('resize'))
  })

describe('StreamsScreen under 1024 px (spec §9)', () => {
  afterEach(() => resizeTo(initialWidth))

  it('shows the stream list as an overlay: closed on arrival, opened by its button, closed by Escape with focus back', async () => {
    resizeTo(700)
    consoleAt('/streams', { signedInAs: wes, tenant: alpha, server })
    const show = await screen.findByRole('button', { name: 'Show stream list' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    // No splitter: there is nothing beside the list to share the width with.
    expect(screen.queryByRole('separator')).not.toBeInTheDocument()

    fireEvent.click(show)
    const list = screen.getByRole('complementary', { name: 'Stream list' })
    expect(list).toHaveClass('honu-streams__sidebar--overlay')
    expect(list).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Hide stream list' })).toHaveAttribute('aria-expanded', 'true')
    await screen.findByRole('list', { name: /Streams/ })
    await expectNoAxeViolations(document.body)

    fireEvent.keyDown(list, { key: 'Escape' })
    expect(screen.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show stream list' })).toHaveFocus()
  }, 20_000)

  it('closes the overlay on a press outside it, and docks the list again from 1024 px as remembered', async () => {
    resizeTo(600)
    const { client } = consoleAt('/streams', { signedInAs: wes, tenant: alpha, server })
    fireEvent.click(await screen.findByRole('button', { name: 'Show stream list' }))
    const list = screen.getByRole('complementary', { name: 'Stream list' })
    fireEvent.pointerDown(list)
    expect(list).toBeInTheDocument()
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1, name: 'Streams' }))
    expect(screen.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    // The overlay's state is its own: the docked list's remembered "open" is untouched.
    expect(client.streamView.getState().sidebarOpen).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Show stream list' }))
    resizeTo(1024)
    const docked = screen.getByRole('complementary', { name: 'Stream list' })
    expect(docked).not.toHaveClass('honu-streams__sidebar--overlay')
    expect(screen.getByRole('separator', { name: 'Resize the stream list' })).toBeInTheDocument()
    // Narrow again: the overlay starts closed, whatever it was before.
    resizeTo(800)
    expect(screen.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
  })
})
