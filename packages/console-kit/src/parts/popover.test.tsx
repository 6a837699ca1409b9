import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { PartsPage } from './__fixtures__/parts-page'
import { Popover } from './popover'

function setup() {
  const user = userEvent.setup()
  render(
    <PartsPage>
      <Popover label="Stream details" trigger={<button type="button">Details</button>}>
        {(close) => (
          <>
            <p>Harbour mouth, HLS</p>
            <button type="button" onClick={close}>
              Done
            </button>
          </>
        )}
      </Popover>
      <button type="button">Elsewhere</button>
    </PartsPage>,
  )
  return { user, trigger: screen.getByRole('button', { name: 'Details' }) }
}

// Keyboard steps wait for Floating UI's focus moves (a frame each); a busy machine makes a test take seconds.
describe('Popover', { timeout: 20_000 }, () => {
  it('opens from its button as a named non-modal dialog with focus inside; Escape closes it with focus back', async () => {
    const { user, trigger } = setup()
    trigger.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Stream details' })
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(trigger).toHaveAttribute('aria-controls', dialog.id)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus())
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(trigger).toHaveFocus())
  })

  it('closes from inside (close) and on a press outside', async () => {
    const { user, trigger } = setup()
    await user.click(trigger)
    await user.click(await screen.findByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(trigger)
    await screen.findByRole('dialog')
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes when Tab leaves its last element, focus back on its button', async () => {
    const { user, trigger } = setup()
    await user.click(trigger)
    const done = await screen.findByRole('button', { name: 'Done' })
    await waitFor(() => expect(done).toHaveFocus())
    await user.tab()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(trigger).toHaveFocus())
  })
})
