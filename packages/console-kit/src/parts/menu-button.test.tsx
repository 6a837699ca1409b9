import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LogOut, Settings } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { PartsPage } from './__fixtures__/parts-page'
import { MenuButton, MenuItem, MenuSeparator } from './menu-button'

function renderMenu() {
  const chosen = vi.fn<(name: string) => void>()
  render(
    <PartsPage>
      <button type="button">Before</button>
      <MenuButton label="Account" button="wes@honu.test">
        <MenuItem label="Preferences" icon={Settings} onSelect={() => chosen('Preferences')} />
        <MenuItem label="Change password" onSelect={() => chosen('Change password')} />
        <MenuItem label="Pause" disabled onSelect={() => chosen('Pause')} />
        <MenuSeparator />
        <MenuItem label="Sign out" icon={LogOut} onSelect={() => chosen('Sign out')} />
      </MenuButton>
      <button type="button">After</button>
    </PartsPage>,
  )
  return { chosen, user: userEvent.setup(), button: screen.getByRole('button', { name: 'Account' }) }
}

// Keyboard steps wait for Floating UI's focus moves (a frame each); a busy machine makes a test take seconds.
describe('MenuButton', { timeout: 20_000 }, () => {
  it('opens from the keyboard on the first item, moves with arrows (wrapping, skipping disabled), Home and End', async () => {
    const { user, button } = renderMenu()
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.tab()
    await user.tab()
    await waitFor(() => expect(button).toHaveFocus())
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu', { name: 'Account' })
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button).toHaveAttribute('aria-controls', menu.id)
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await user.keyboard('{ArrowUp}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus())
    await user.keyboard('{Home}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await user.keyboard('{End}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus())
    await expectNoAxeViolations(document.body)
  })

  it('moves to the item starting with a typed letter', async () => {
    const { user, button } = renderMenu()
    button.focus()
    await user.keyboard('{ArrowDown}')
    const first = await screen.findByRole('menuitem', { name: 'Preferences' })
    await waitFor(() => expect(first).toHaveFocus())
    await user.keyboard('s')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus())
    await new Promise((resolve) => setTimeout(resolve, 800)) // typeahead forgets what was typed after 750 ms
    await user.keyboard('c')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveFocus())
  })

  it('chooses with Enter, closes and returns focus to the button', async () => {
    const { user, button, chosen } = renderMenu()
    button.focus()
    await user.keyboard('{ArrowDown}')
    await screen.findByRole('menu')
    // Focus reaches the first item a frame after the menu opens; a key pressed before lands on the button.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveFocus())
    await user.keyboard('{Enter}')
    expect(chosen).toHaveBeenCalledWith('Change password')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await waitFor(() => expect(button).toHaveFocus())
  })

  it('closes on Escape with focus back on the button, and on a press outside', async () => {
    const { user, button, chosen } = renderMenu()
    await user.click(button)
    expect(await screen.findByRole('menu')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await waitFor(() => expect(button).toHaveFocus())
    await user.click(button)
    expect(await screen.findByRole('menu')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'After' }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(chosen).not.toHaveBeenCalled()
  })

  it('closes on Tab with focus back on the button, from where the next Tab moves on', async () => {
    const { user, button } = renderMenu()
    button.focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await user.tab()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await waitFor(() => expect(button).toHaveFocus())
    await user.tab()
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus()
  })

  it('shows radio items with their state', async () => {
    const user = userEvent.setup()
    render(
      <PartsPage>
        <MenuButton label="Tenant" button="Alpha">
          <MenuItem label="Alpha" checked onSelect={() => {}} />
          <MenuItem label="Bravo" checked={false} onSelect={() => {}} />
        </MenuButton>
      </PartsPage>,
    )
    await user.click(screen.getByRole('button', { name: 'Tenant' }))
    expect(await screen.findByRole('menuitemradio', { name: 'Alpha' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('menuitemradio', { name: 'Bravo' })).toHaveAttribute('aria-checked', 'false')
    await expectNoAxeViolations(document.body)
  })
})
