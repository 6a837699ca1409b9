import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Trash2 } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { PartsPage } from './__fixtures__/parts-page'
import { IconButton } from './icon-button'
import { Tooltip } from './tooltip'

// Keyboard steps wait for Floating UI's focus moves (a frame each); a busy machine makes a test take seconds.
describe('Tooltip', { timeout: 20_000 }, () => {
  it('describes its element while it has focus, and hides on Escape', async () => {
    const user = userEvent.setup()
    render(
      <PartsPage>
        <Tooltip content="Sorted by name">
          <button type="button">Sort</button>
        </Tooltip>
      </PartsPage>,
    )
    const button = screen.getByRole('button', { name: 'Sort' })
    expect(button).not.toHaveAttribute('aria-describedby')
    await user.tab()
    await waitFor(() => expect(button).toHaveFocus())
    const tooltip = await screen.findByRole('tooltip')
    expect(tooltip).toHaveTextContent('Sorted by name')
    expect(button).toHaveAccessibleDescription('Sorted by name')
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    await waitFor(() => expect(button).toHaveFocus())
  })

  it('shows on hover after its delay and hides when the pointer leaves', async () => {
    const user = userEvent.setup()
    render(
      <PartsPage>
        <Tooltip content="Sorted by name" openDelayMs={200}>
          <button type="button">Sort</button>
        </Tooltip>
      </PartsPage>,
    )
    await user.hover(screen.getByRole('button', { name: 'Sort' }))
    // Not at once: a pointer passing over a toolbar does not flash every tooltip on its way.
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sorted by name')
    await user.unhover(screen.getByRole('button', { name: 'Sort' }))
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument())
  })

  it('keeps the handlers and ref of its element', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    const ref = { current: null as HTMLButtonElement | null }
    render(
      <PartsPage>
        <Tooltip content="Sorted by name">
          <button type="button" ref={ref} onClick={onClick}>
            Sort
          </button>
        </Tooltip>
      </PartsPage>,
    )
    await user.click(screen.getByRole('button', { name: 'Sort' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Sort' }))
  })
})

describe('IconButton', { timeout: 20_000 }, () => {
  it('is named by its label, which its tooltip shows without repeating it as a description', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    render(
      <PartsPage>
        <IconButton label="Delete Harbour cam" icon={Trash2} onClick={onClick} />
      </PartsPage>,
    )
    const button = screen.getByRole('button', { name: 'Delete Harbour cam' })
    expect(button).toHaveAttribute('type', 'button')
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
    await user.tab()
    expect(await screen.findByText('Delete Harbour cam', { selector: '.honu-tooltip' })).toBeInTheDocument()
    expect(button).not.toHaveAttribute('aria-describedby')
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Enter}')
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
