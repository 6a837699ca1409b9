import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

describe('NotFoundScreen', () => {
  it('says there is nothing at the address, in a main landmark, and leads back into the console', async () => {
    const { router } = consoleAt('/streamz')
    const heading = await screen.findByRole('heading', { name: 'Page not found' })
    // Focus moves in an effect that runs just after the heading appears.
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByRole('main')).toHaveTextContent('There is nothing at this address.')
    await expectNoAxeViolations(document.body)
    fireEvent.click(screen.getByRole('link', { name: 'Go to the console' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
