import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { PartsPage } from './__fixtures__/parts-page'
import { ConfirmDialog, Dialog } from './dialog'

function Opener({ closeOnOutsidePress }: { closeOnOutsidePress?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <PartsPage>
      <button type="button" onClick={() => setOpen(true)}>
        Preferences
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Preferences"
        description="Saved for your account."
        closeOnOutsidePress={closeOnOutsidePress}
        footer={
          <button type="button" className="honu-button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <label>
          Name <input />
        </label>
      </Dialog>
    </PartsPage>
  )
}

async function openDialog(closeOnOutsidePress?: boolean) {
  const user = userEvent.setup()
  render(<Opener closeOnOutsidePress={closeOnOutsidePress} />)
  const opener = screen.getByRole('button', { name: 'Preferences' })
  opener.focus()
  await user.keyboard('{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Preferences' })
  return { user, opener, dialog }
}

// Keyboard steps wait for Floating UI's focus moves (a frame each); a busy machine makes a test take seconds.
describe('Dialog', { timeout: 20_000 }, () => {
  it('is a named, described modal dialog with focus on its first field, without axe violations', async () => {
    const { dialog } = await openDialog()
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription('Saved for your account.')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus())
    await expectNoAxeViolations(document.body)
  })

  it('keeps Tab and Shift+Tab inside, the close button last', async () => {
    const { user } = await openDialog()
    const field = screen.getByRole('textbox', { name: 'Name' })
    await waitFor(() => expect(field).toHaveFocus())
    await user.tab()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus())
    await user.tab()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus())
    await user.tab()
    await waitFor(() => expect(field).toHaveFocus())
    await user.tab({ shift: true })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus())
  })

  it('closes on Escape and returns focus to its opener', async () => {
    const { user, opener } = await openDialog()
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus())
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(opener).toHaveFocus())
  })

  it('closes on one Escape while its close button has focus and shows its tooltip', async () => {
    const { user, opener } = await openDialog()
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus())
    await user.tab({ shift: true })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus())
    // The button's name shows as a tooltip (hidden from the accessibility tree: it repeats the name).
    await waitFor(() => expect(document.querySelector('.honu-tooltip')).toHaveTextContent('Close'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(opener).toHaveFocus())
  })

  it('closes with its close button and on a press on the backdrop, unless that is turned off', async () => {
    const first = await openDialog()
    await first.user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await first.user.click(first.opener)
    await first.user.click(document.querySelector('.honu-dialog-backdrop')!)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('stays open on a press on the backdrop when closeOnOutsidePress is false', async () => {
    const { user } = await openDialog(false)
    await user.click(document.querySelector('.honu-dialog-backdrop')!)
    expect(screen.getByRole('dialog', { name: 'Preferences' })).toBeInTheDocument()
  })
})

function Confirm({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false)
  return (
    <PartsPage>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Harbour cam
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Harbour cam?"
        description="This cannot be undone."
        confirmLabel="Delete"
        danger
        onConfirm={onConfirm}
      />
    </PartsPage>
  )
}

describe('ConfirmDialog', { timeout: 20_000 }, () => {
  it('is an alert dialog with Cancel focused, so Enter does not destroy by accident', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn(async () => {})
    render(<Confirm onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Delete Harbour cam' }))
    expect(await screen.findByRole('alertdialog', { name: 'Delete Harbour cam?' })).toHaveAccessibleDescription('This cannot be undone.')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('closes after the action succeeds and stays open when it fails', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce()
    render(<Confirm onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Delete Harbour cam' }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Harbour cam' })).toHaveFocus())
  })
})
