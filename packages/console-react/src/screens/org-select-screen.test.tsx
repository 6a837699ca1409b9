import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const orgAdmin = { uid: 'oda', email: 'oda@honu.test' }
const server = {
  'GET /api/v1/users/oda': { status: 200, body: { email: orgAdmin.email, permissions: { '*': ['org-admin'] } } },
  'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: orgAdmin.email }] } },
  'GET /api/v2/organisation': {
    status: 200,
    body: {
      data: [
        { id: 'o2', name: 'Reef Survey' },
        { id: 'o1', name: 'Coral Watch' },
      ],
    },
  },
}

describe('OrgSelectScreen', () => {
  it('lists the organisations by name, and picking one opens mission operations for it', async () => {
    const { router, client } = consoleAt('/orgselection', { signedInAs: orgAdmin, flags: { mission_planning: true }, server })
    expect(await screen.findByRole('heading', { name: 'Choose an organisation' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Organisations' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Coral Watch', 'Reef Survey'])
    await expectNoAxeViolations(document.body)

    fireEvent.click(within(list).getByRole('button', { name: 'Reef Survey' }))
    expect(await screen.findByRole('heading', { name: 'Mission operations' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/missionoperations')
    expect(client.tenant.getState().organisation).toEqual({ id: 'o2', name: 'Reef Survey' })
    expect(screen.getByRole('banner')).toHaveTextContent('Reef Survey')
  })

  it('a list that fails to load says so with Try again, which loads it', async () => {
    const { answers } = consoleAt('/orgselection', {
      signedInAs: orgAdmin,
      flags: { mission_planning: true },
      server: { ...server, 'GET /api/v2/organisation': { status: 500, body: { message: 'Database unavailable' } } },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your organisations.')
    await expectNoAxeViolations(document.body)
    answers['GET /api/v2/organisation'] = server['GET /api/v2/organisation']
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Organisations' })).toBeInTheDocument()
  })
})
