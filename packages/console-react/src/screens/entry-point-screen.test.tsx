import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const orgAdmin = { uid: 'oda', email: 'oda@honu.test', password: 'correct horse' }
const server = {
  'GET /api/v1/users/oda': { status: 200, body: { email: orgAdmin.email, permissions: { '*': ['org-admin'] } } },
  'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: orgAdmin.email }] } },
  'GET /api/v1/tenants': { status: 200, body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] } },
  'GET /api/v2/organisation': { status: 200, body: { data: [{ id: 'o1', name: 'Coral Watch' }] } },
}

describe('EntryPointScreen', () => {
  it('is where an org-admin lands after signing in, when mission planning is on', async () => {
    const { router } = consoleAt('/login', { accounts: [orgAdmin], flags: { mission_planning: true }, server })
    await screen.findByRole('heading', { name: 'Sign in' })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: orgAdmin.email } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: orgAdmin.password } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const heading = await screen.findByRole('heading', { name: 'Where to?' })
    // Focus moves in an effect that runs just after the heading appears.
    await waitFor(() => expect(heading).toHaveFocus())
    expect(router.state.location.pathname).toBe('/entrypoint')
    await expectNoAxeViolations(document.body)
  })

  it('HonuNet leads to the tenant choice', async () => {
    const { router } = consoleAt('/entrypoint', { signedInAs: orgAdmin, flags: { mission_planning: true }, server })
    fireEvent.click(await screen.findByRole('link', { name: /HonuNet/ }))
    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tenant')
  })

  it('MissionPlanning leads to the organisation choice', async () => {
    const { router } = consoleAt('/entrypoint', { signedInAs: orgAdmin, flags: { mission_planning: true }, server })
    fireEvent.click(await screen.findByRole('link', { name: /MissionPlanning/ }))
    expect(await screen.findByRole('heading', { name: 'Choose an organisation' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/orgselection')
  })
})
