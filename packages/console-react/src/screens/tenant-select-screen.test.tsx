import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const ada = { uid: 'ada', email: 'ada@honu.test' }
const record = { status: 200, body: { email: ada.email, permissions: { alpha: ['writer'], bravo: ['reader'] } } }
const tenants = {
  status: 200,
  body: {
    data: [
      { tenant_id: 'bravo', name: 'Bravo Bay', remote_cidr: '10.1.128.0/17', vpn_cidr: '' },
      { tenant_id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.1.0.0/16', vpn_cidr: '' },
      { tenant_id: 'charlie', name: 'Charlie Cove' },
    ],
  },
}

describe('TenantSelectScreen', () => {
  it('lists the tenants by name with their networks, flags the ones that overlap, and picking one opens its streams', async () => {
    const { router, client } = consoleAt('/tenant', {
      signedInAs: ada,
      server: { 'GET /api/v1/users/ada': record, 'GET /api/v1/tenants': tenants, 'GET /api/v1/videos': { status: 200, body: { data: [] } } },
    })
    const list = await screen.findByRole('list', { name: 'Tenants' })
    const choices = within(list).getAllByRole('button')
    expect(choices.map((c) => c.querySelector('.honu-choice__title')?.textContent)).toEqual(['Alpha Harbour', 'Bravo Bay', 'Charlie Cove'])
    expect(choices[0]).toHaveTextContent('Network 10.1.0.0/16 (10.1.0.0 – 10.1.255.255)')
    expect(choices[0]).toHaveTextContent('Network overlaps another tenant')
    expect(choices[1]).toHaveTextContent('Network overlaps another tenant')
    expect(choices[2]).toHaveTextContent('No network')
    expect(choices[2]).not.toHaveTextContent('overlaps')
    await expectNoAxeViolations(document.body)

    fireEvent.click(choices[0]!)
    expect(await screen.findByRole('heading', { name: 'Streams' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/streams')
    expect(client.tenant.getState().tenant?.tenant_id).toBe('alpha')
    expect(client.tenant.getState().roles).toEqual(['writer'])
  })

  it('a list that fails to load says so with Try again, which loads it', async () => {
    const { answers } = consoleAt('/tenant', {
      signedInAs: ada,
      server: { 'GET /api/v1/users/ada': record, 'GET /api/v1/tenants': { status: 503, body: { message: 'Down for maintenance' } } },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your tenants.')
    await expectNoAxeViolations(document.body)
    answers['GET /api/v1/tenants'] = tenants
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Tenants' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('no answer: says the server could not be reached', async () => {
    consoleAt('/tenant', { signedInAs: ada, server: { 'GET /api/v1/users/ada': record, 'GET /api/v1/tenants': 'no answer' } })
    expect(await screen.findByText(/Could not load your tenants\. The server could not be reached/)).toBeInTheDocument()
  })

  it('a user in no tenant is told to ask an admin', async () => {
    consoleAt('/tenant', { signedInAs: ada, server: { 'GET /api/v1/users/ada': record, 'GET /api/v1/tenants': { status: 200, body: { data: [] } } } })
    expect(await screen.findByText('You belong to no tenant yet. Ask an admin to add you.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Tenants' })).not.toBeInTheDocument()
  })
})
