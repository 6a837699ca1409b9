import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type NotificationPreference } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '@honu/console-kit'
import { Toaster } from './toaster'

/** A console with the toaster, its user's notifications preference set to `notifications`. */
function toaster(notifications?: NotificationPreference) {
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test' },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  if (notifications) client.preferences.getState().setNotifications(notifications)
  const view = render(
    <ConsoleProvider client={client}>
      <button type="button">Working here</button>
      <Toaster />
    </ConsoleProvider>,
  )
  const show = (message: string, tone: 'positive' | 'negative' | 'neutral') => act(() => void client.toasts.getState().show({ message, tone }))
  return { client, show, ...view }
}

describe('Toaster and the notifications preference (spec §3)', () => {
  it('muted by default: every toast shows and is announced politely, nothing interrupts or takes focus', async () => {
    const { client, show, container } = toaster()
    expect(client.preferences.getState().notifications).toBe('muted')
    screen.getByRole('button', { name: 'Working here' }).focus()
    show('Error logging in', 'negative')
    show('User submitted', 'positive')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Error logging in×', 'User submitted×'])
    expect(screen.getByRole('button', { name: 'Working here' })).toHaveFocus()
    await expectNoAxeViolations(container)
  })

  it('on: failures are announced at once (alert), the rest politely', async () => {
    const { show, container } = toaster('on')
    show('Error logging in', 'negative')
    show('User submitted', 'positive')
    expect(screen.getByRole('alert')).toHaveTextContent('Error logging in')
    expect(screen.getByRole('status')).toHaveTextContent('User submitted')
    await expectNoAxeViolations(container)
  })

  it('off: only failures show', async () => {
    const { show, container } = toaster('off')
    show('User submitted', 'positive')
    show('Saved', 'neutral')
    show('Error deleting user', 'negative')
    expect(container.querySelectorAll('.honu-toast')).toHaveLength(1)
    expect(screen.getByRole('status')).toHaveTextContent('Error deleting user')
    expect(screen.queryByText('User submitted')).toBeNull()
    await expectNoAxeViolations(container)
  })

  it('follows a change of the preference at once', () => {
    const { client, show } = toaster('on')
    show('Error logging in', 'negative')
    expect(screen.getByRole('alert')).toBeInTheDocument()
    act(() => client.preferences.getState().setNotifications('muted'))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('Error logging in')
  })

  it('a toast closes from the keyboard', () => {
    const { show } = toaster()
    show('User deleted', 'positive')
    const close = screen.getByRole('button', { name: 'Dismiss: User deleted' })
    close.focus()
    fireEvent.click(close)
    expect(screen.queryByText('User deleted')).toBeNull()
  })
})
