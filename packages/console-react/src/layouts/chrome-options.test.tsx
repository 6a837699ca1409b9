import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'
import { pageNavigation, type ConsoleHostOptions } from '../navigation/host-options'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'] } } },
  'GET /api/v1/videos': { status: 200, body: { data: [] } },
  'GET /api/v1/tenants': { status: 200, body: { data: [alpha] } },
}

async function streamsWith(host: ConsoleHostOptions) {
  const view = consoleAt('/streams', { signedInAs: wes, tenant: alpha, server, host })
  await screen.findByRole('heading', { level: 1, name: 'Streams' })
  return { ...view, user: userEvent.setup() }
}

async function chooseSignOut(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Account: wes@honu.test' }))
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
}

afterEach(() => vi.restoreAllMocks())

describe('chrome options', { timeout: 30_000 }, () => {
  it("header 'hidden': no header, skip link or account menu; the screen and its navigation by the host", async () => {
    const { container } = await streamsWith({ header: 'hidden' })
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Skip to content' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument()
    expect(container.querySelector('.honu-main-layout')).toHaveAttribute('data-header', 'hidden')
    await expectNoAxeViolations(document.body)
  })

  it("header 'no-user-menu': the header with tenant and tabs, without the account menu", async () => {
    await streamsWith({ header: 'no-user-menu' })
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('button', { name: 'Tenant: Alpha Harbour' })).toBeInTheDocument()
    expect(within(banner).getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(within(banner).queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('the full header by default', async () => {
    await streamsWith({})
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Account: wes@honu.test' })).toBeInTheDocument()
  })

  it("signOut 'console': only leaves the console; the host's session and adapter are untouched, onSignOut decides where", async () => {
    const onSignOut = vi.fn()
    const { user, auth, client } = await streamsWith({ signOut: 'console', onSignOut })
    const adapterSignOut = vi.spyOn(auth, 'signOut')
    await chooseSignOut(user)
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1))
    expect(adapterSignOut).not.toHaveBeenCalled()
    expect(client.session.getState().status).toBe('authenticated')
    expect(await auth.getCurrentUser()).toMatchObject({ uid: 'wes' })
  })

  it("signOut 'console' without onSignOut goes to the page's root", async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {})
    const { user, auth } = await streamsWith({ signOut: 'console' })
    const adapterSignOut = vi.spyOn(auth, 'signOut')
    await chooseSignOut(user)
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'))
    expect(adapterSignOut).not.toHaveBeenCalled()
  })

  it("signOut 'host' (the default) signs the host out through the adapter, then onSignOut instead of the login route", async () => {
    const onSignOut = vi.fn()
    const { user, auth, client } = await streamsWith({ onSignOut })
    const adapterSignOut = vi.spyOn(auth, 'signOut')
    await chooseSignOut(user)
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1))
    expect(adapterSignOut).toHaveBeenCalledTimes(1)
    expect(client.session.getState().user).toBeUndefined()
    expect(await auth.getCurrentUser()).toBeUndefined()
  })
})

describe("the sign-out on 'Error logging in'", () => {
  it("follows the host's choice too: 'console' leaves without signing the host out", async () => {
    const onSignOut = vi.fn()
    const { auth } = consoleAt('/streams', {
      signedInAs: wes,
      tenant: alpha,
      server: { ...server, 'GET /api/v1/users/wes': { status: 500, body: { message: 'failed' } } },
      host: { signOut: 'console', onSignOut },
    })
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Error logging in' })
    const adapterSignOut = vi.spyOn(auth, 'signOut')
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1))
    expect(adapterSignOut).not.toHaveBeenCalled()
  })
})

describe('toasts', () => {
  it('sit inside the console’s own root by default', async () => {
    const { client, container } = consoleAt('/login', { server })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    act(() => void client.toasts.getState().show({ message: 'Saved.', tone: 'positive' }))
    const toast = await screen.findByText('Saved.')
    const root = container.querySelector('.honu-console')!
    expect(root).toContainElement(toast)
    expect(toast.closest('.honu-toast-host')).toBeNull()
  })

  it("render in the host's toastContainer, in a themed console wrapper, and nowhere else", async () => {
    const place = document.createElement('div')
    place.id = 'host-toasts'
    document.body.append(place)
    try {
      const { client, container } = consoleAt('/login', { server, host: { toastContainer: place } })
      await screen.findByRole('heading', { level: 1, name: 'Sign in' })
      act(() => void client.toasts.getState().show({ message: 'Stream saved.', tone: 'positive' }))
      const toast = await screen.findByText('Stream saved.')
      expect(place).toContainElement(toast)
      expect(container).not.toContainElement(toast)
      const wrapper = toast.closest('.honu-toast-host')!
      expect(wrapper).toHaveClass('honu-console')
      expect(wrapper).toHaveAttribute('data-theme', 'dark')
      expect(wrapper).toHaveAttribute('lang', 'en-US')
      expect(within(place).getByRole('button', { name: 'Dismiss: Stream saved.' })).toBeInTheDocument()
      await expectNoAxeViolations(document.body)
    } finally {
      place.remove()
    }
  })
})
