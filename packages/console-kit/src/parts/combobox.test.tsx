import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { PartsPage } from './__fixtures__/parts-page'
import { Combobox } from './combobox'

const streams = [
  { value: 'v1', label: 'Harbour mouth', description: 'hls' },
  { value: 'v2', label: 'Reef east', description: 'whep' },
  { value: 'v3', label: 'Slipway', description: 'mjpeg' },
]

function Picker({ initial }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <PartsPage>
      <Combobox label="Stream" options={streams} value={value} onChange={setValue} placeholder="Type to filter" />
      <p>Chosen: {value ?? 'none'}</p>
      <button type="button">Elsewhere</button>
    </PartsPage>
  )
}

function setup(initial?: string) {
  const user = userEvent.setup()
  render(<Picker initial={initial} />)
  return { user, input: screen.getByRole('combobox', { name: 'Stream' }) }
}

// Keyboard steps wait for Floating UI's updates; a busy machine makes a test take seconds.
describe('Combobox', { timeout: 20_000 }, () => {
  it('filters as the user types, keeps focus in the input and names the active option; Enter chooses', async () => {
    const { user, input } = setup()
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveAttribute('aria-autocomplete', 'list')
    await user.click(input)
    await user.keyboard('re')
    const listbox = await screen.findByRole('listbox', { name: 'Stream' })
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-controls', listbox.id)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Reef eastwhep'])
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Reef east/ }).id))
    expect(input).toHaveFocus()
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveValue('Reef east')
    expect(screen.getByText('Chosen: v2')).toBeInTheDocument()
  })

  it('opens with ArrowDown and moves with the arrows, wrapping round', async () => {
    const { user, input } = setup()
    input.focus()
    await user.keyboard('{ArrowDown}')
    await screen.findByRole('listbox')
    const id = (name: RegExp) => screen.getByRole('option', { name }).id
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', id(/Harbour mouth/)))
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', id(/Reef east/)))
    await user.keyboard('{ArrowUp}{ArrowUp}')
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', id(/Slipway/)))
    await user.keyboard('{Enter}')
    expect(screen.getByText('Chosen: v3')).toBeInTheDocument()
  })

  it('marks the chosen option selected, and Escape closes putting back its label', async () => {
    const { user, input } = setup('v1')
    expect(input).toHaveValue('Harbour mouth')
    await user.clear(input)
    await user.type(input, 'sl')
    expect(await screen.findByRole('option', { name: /Slipway/ })).toHaveAttribute('aria-selected', 'false')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveValue('Harbour mouth')
    expect(screen.getByText('Chosen: v1')).toBeInTheDocument()
    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('option', { name: /Harbour mouth/ })).toHaveAttribute('aria-selected', 'true')
  })

  it('says when nothing matches, chooses with a click, and closes on a press outside', async () => {
    const { user, input } = setup()
    await user.type(input, 'zzz')
    expect(await screen.findByRole('status')).toHaveTextContent('No matches')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'h')
    await user.click(await screen.findByRole('option', { name: /Harbour mouth/ }))
    expect(screen.getByText('Chosen: v1')).toBeInTheDocument()
    await user.click(input)
    await user.keyboard('{ArrowDown}')
    await screen.findByRole('listbox')
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(screen.getByText('Chosen: v1')).toBeInTheDocument()
  })
})
