import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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

  it('lists the invitations waiting for a person with no console record yet; accepting one brings its tenant (issue 22)', async () => {
    const newbie = { uid: 'newbie', email: 'newbie@honu.test' }
    const invitation = {
      id: 'InvitationInvitationInvitat',
      name: 'Newbie',
      tenants: [{ tenant_id: 'alpha', name: 'Alpha Harbour', roles: ['reader'] }],
      organisations: [],
    }
    const { answers, requests } = consoleAt('/tenant', {
      signedInAs: newbie,
      server: {
        'GET /api/v1/users/newbie': { status: 200, body: { uid: 'newbie', email: newbie.email, permissions: {}, pending_invitations: 1 } },
        'GET /api/v1/invitations': { status: 200, body: { data: [invitation] } },
        'POST /api/v1/invitations/InvitationInvitationInvitat/accept': { status: 200, body: { uid: 'newbie', permissions: { alpha: ['reader'] } } },
        'GET /api/v1/tenants': tenants,
      },
    })
    const list = await screen.findByRole('list', { name: 'Invitations' })
    expect(within(list).getByText('Invitation to Alpha Harbour')).toBeInTheDocument()
    expect(within(list).getByText('Roles: Alpha Harbour: reader')).toBeInTheDocument()
    expect(screen.getByText('You belong to no tenant yet. Accept an invitation above to join one.')).toBeInTheDocument()
    // No tenant list is asked for an account without a console record.
    expect(requests.some((r) => r.startsWith('GET /api/v1/tenants'))).toBe(false)
    await expectNoAxeViolations(document.body)

    answers['GET /api/v1/users/newbie'] = { status: 200, body: { uid: 'newbie', email: newbie.email, permissions: { alpha: ['reader'] } } }
    answers['GET /api/v1/invitations'] = { status: 200, body: { data: [] } }
    fireEvent.click(within(list).getByRole('button', { name: 'Accept invitation to Alpha Harbour' }))
    const tenantList = await screen.findByRole('list', { name: 'Tenants' })
    expect(requests).toContain('POST /api/v1/invitations/InvitationInvitationInvitat/accept')
    expect(within(tenantList).getAllByRole('button').length).toBe(3)
    expect(screen.queryByRole('list', { name: 'Invitations' })).not.toBeInTheDocument()
  })

  it('declining an invitation removes it and grants nothing', async () => {
    const invitation = {
      id: 'InvitationInvitationInvitat',
      name: 'Ada',
      tenants: [{ tenant_id: 'charlie', name: 'Charlie Cove', roles: ['writer'] }],
      organisations: [],
    }
    const { answers, requests } = consoleAt('/tenant', {
      signedInAs: ada,
      server: {
        'GET /api/v1/users/ada': record,
        'GET /api/v1/tenants': tenants,
        'GET /api/v1/invitations': { status: 200, body: { data: [invitation] } },
        'POST /api/v1/invitations/InvitationInvitationInvitat/decline': { status: 204 },
      },
    })
    const list = await screen.findByRole('list', { name: 'Invitations' })
    answers['GET /api/v1/invitations'] = { status: 200, body: { data: [] } }
    fireEvent.click(within(list).getByRole('button', { name: 'Decline invitation to Charlie Cove' }))
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Invitations' })).not.toBeInTheDocument())
    expect(requests).toContain('POST /api/v1/invitations/InvitationInvitationInvitat/decline')
    expect(requests.some((r) => r.includes('/accept'))).toBe(false)
  })
})
