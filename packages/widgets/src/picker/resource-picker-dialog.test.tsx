import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConsoleError } from '@honu/core'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ResourcePickerDialog, type PickerListState, type PickerWord } from './resource-picker-dialog'

// A picker's words as its message book would give them (the dialog needs no console of its own).
const book: Record<PickerWord, string> = {
  pickerTitle: 'Choose a boat for {name}',
  pickerDescription: 'The widget shows the boat you pick.',
  noAnswer: 'the server did not answer.',
  retry: 'Try again',
  noTenant: 'Choose a tenant first.',
  pickFirst: 'Pick a boat first.',
  cancel: 'Cancel',
  show: 'Show boat',
}
const t = (key: PickerWord, values?: { name: string }) => book[key].replace('{name}', values?.name ?? '')
const words = {
  legend: 'Boats of this tenant',
  loading: 'Loading boats…',
  failed: (reason: string) => `The boats could not be loaded: ${reason}`,
  none: 'No boats yet.',
}
const boats: PickerListState = {
  status: 'ready',
  options: [
    { id: 'kahu', label: 'Kahu' },
    { id: 'tui', label: 'Tui' },
    { id: 'weka', label: 'Weka' },
  ],
}

function setup(list: PickerListState = boats, initial?: string) {
  const onPick = vi.fn()
  const onCancel = vi.fn()
  const retry = vi.fn()
  const dialog = (state: PickerListState) => (
    <ResourcePickerDialog
      name="Boat 1"
      list={state}
      retry={retry}
      initial={initial}
      onPick={onPick}
      onCancel={onCancel}
      t={t}
      words={words}
      className="honu-boat-picker"
    />
  )
  const { rerender } = render(dialog(list))
  return { onPick, onCancel, retry, show: (state: PickerListState) => rerender(dialog(state)) }
}

describe('ResourcePickerDialog', () => {
  it('lists the options in their order, focused once loaded, picked with the arrow keys and Enter, without axe violations', async () => {
    const user = userEvent.setup()
    const { onPick, show } = setup({ status: 'loading' })
    const dialog = screen.getByRole('dialog', { name: 'Choose a boat for Boat 1' })
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading boats…')
    expect(within(dialog).queryByRole('button', { name: 'Show boat' })).toBeNull()
    show(boats)
    const group = within(dialog).getByRole('group', { name: 'Boats of this tenant' })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent!.trim()),
    ).toEqual(['Kahu', 'Tui', 'Weka'])
    expect(group.querySelectorAll('label.honu-boat-picker__option')).toHaveLength(3)
    // Focus goes to the list once it is there; ArrowDown moves to and checks the next option.
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Kahu' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    expect(within(group).getByRole('radio', { name: 'Tui' })).toBeChecked()
    await expectNoAxeViolations(dialog)
    await user.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledWith('tui')
  })

  it('opens on the current option, shown with the button', async () => {
    const user = userEvent.setup()
    const { onPick } = setup(boats, 'weka')
    const weka = screen.getByRole('radio', { name: 'Weka' })
    expect(weka).toBeChecked()
    await waitFor(() => expect(weka).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'Show boat' }))
    expect(onPick).toHaveBeenCalledWith('weka')
  })

  it('says to pick one when nothing is chosen (or the current one is gone), and Escape cancels', async () => {
    const user = userEvent.setup()
    const { onPick, onCancel } = setup(boats, 'gone')
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Show boat' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick a boat first.')
    expect(within(dialog).getByRole('group')).toHaveAccessibleDescription('Pick a boat first.')
    expect(within(dialog).getByRole('radio', { name: 'Kahu' })).toHaveFocus()
    expect(onPick).not.toHaveBeenCalled()
    // Choosing one clears the problem.
    await user.click(within(dialog).getByRole('radio', { name: 'Tui' }))
    expect(within(dialog).queryByRole('alert')).toBeNull()
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalled()
  })

  it('cancels with the Cancel button', async () => {
    const user = userEvent.setup()
    const { onCancel } = setup()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalled()
  })

  it('says when the list could not be loaded, with the console error or that the server did not answer, and retries', async () => {
    const user = userEvent.setup()
    const { retry, show } = setup({ status: 'error', error: new ConsoleError({ code: 'http/network', message: 'the network is down.' }) })
    expect(screen.getByRole('alert')).toHaveTextContent('The boats could not be loaded: the network is down.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
    show({ status: 'error', error: new TypeError('Failed to fetch') })
    expect(screen.getByRole('alert')).toHaveTextContent('The boats could not be loaded: the server did not answer.')
    expect(screen.queryByRole('button', { name: 'Show boat' })).toBeNull()
  })

  it('says so when there is no tenant, and when the tenant has none, offering no show button', () => {
    const { show } = setup({ status: 'idle' })
    expect(screen.getByText('Choose a tenant first.')).toBeInTheDocument()
    show({ status: 'ready', options: [] })
    expect(screen.getByText('No boats yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show boat' })).toBeNull()
  })
})
