import { act, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { Dialog } from './dialog'
import { MenuButton, MenuItem } from './menu-button'
import { PartsRootProvider } from './parts-root'

/** A console-like tree rendered inside a shadow root, its layer an element of that root (as the custom element will). */
function mountInShadowRoot(children: React.ReactNode) {
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  const layer = document.createElement('div')
  shadow.append(container, layer)
  const root = createRoot(container)
  act(() => root.render(<PartsRootProvider root={layer}>{children}</PartsRootProvider>))
  return { shadow, layer, unmount: () => act(() => root.unmount()), host }
}

let cleanup: (() => void) | undefined
afterEach(() => {
  cleanup?.()
  cleanup = undefined
})

function DialogOpener() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Inside">
        <input aria-label="Name" />
      </Dialog>
    </>
  )
}

describe('PartsRootProvider', { timeout: 20_000 }, () => {
  it('renders layers into the given root: a dialog inside a shadow root, never in document.body', async () => {
    const { shadow, layer, unmount, host } = mountInShadowRoot(<DialogOpener />)
    cleanup = () => {
      unmount()
      host.remove()
    }
    const user = userEvent.setup()
    await user.click(shadow.querySelector('button')!)
    const dialog = layer.querySelector('[role="dialog"]')
    expect(dialog).not.toBeNull()
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    await waitFor(() => expect(shadow.activeElement).toBe(shadow.querySelector('input[aria-label="Name"]')))
    await user.keyboard('{Escape}')
    expect(layer.querySelector('[role="dialog"]')).toBeNull()
  })

  it('renders into document.body without a provider', async () => {
    const user = userEvent.setup()
    const { getByRole, container } = render(
      <MenuButton label="Account">
        <MenuItem label="Sign out" onSelect={() => {}} />
      </MenuButton>,
    )
    await user.click(getByRole('button', { name: 'Account' }))
    await waitFor(() => expect(document.body.querySelector('[role="menu"]')).not.toBeNull())
    // Floating UI's own portal node, appended to the body: outside the rendered tree.
    expect(container.contains(document.body.querySelector('[role="menu"]'))).toBe(false)
  })
})
