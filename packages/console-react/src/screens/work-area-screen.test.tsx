import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['admin'] } } },
  'GET /api/v1/videos': { status: 200, body: { data: [] } },
}

describe('WorkAreaScreen', () => {
  it.each([['/collaboration', 'Collaboration', 'Messages and shared views between operators.']])(
    '%s: loads on first visit and says what the area will hold, with the role, in the network layout',
    async (path, title, description) => {
      consoleAt(path, { signedInAs: wes, tenant: alpha, server })
      const heading = await screen.findByRole('heading', { level: 1, name: title })
      // Focus moves in an effect that runs just after the heading appears.
      await waitFor(() => expect(heading).toHaveFocus())
      expect(screen.getByText(description)).toBeInTheDocument()
      expect(screen.getByText('Your role here: admin')).toBeInTheDocument()
      expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Network topology')
      await expectNoAxeViolations(document.body)
    },
  )

  it('the navigation moves between the areas', async () => {
    const { router } = consoleAt('/adminconsole', { signedInAs: wes, tenant: alpha, server })
    await screen.findByRole('heading', { level: 1, name: 'Admin console' })
    fireEvent.click(screen.getByRole('link', { name: 'Collaboration' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Collaboration' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/collaboration')
    expect(screen.getByRole('link', { name: 'Collaboration' })).toHaveAttribute('aria-current', 'page')
  })

  it("the navigation is the route table's rows of the layout, in order, under the host's base path", async () => {
    consoleAt('/ops/collaboration', { signedInAs: wes, tenant: alpha, server, basePath: '/ops' })
    await screen.findByRole('heading', { level: 1, name: 'Collaboration' })
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Streams', '/ops/streams'],
      ['Network topology', '/ops/networktopology'],
      ['Collaboration', '/ops/collaboration'],
      ['Admin console', '/ops/adminconsole'],
    ])
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Collaboration' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it.each([
    ['/missionoperations', 'Mission operations'],
    ['/missionreview', 'Mission review'],
    ['/usermanagement', 'User management'],
  ])('%s: opens for an org-admin with mission planning on, in the mission-planning layout', async (path, title) => {
    const oda = { uid: 'oda', email: 'oda@honu.test' }
    consoleAt(path, {
      signedInAs: oda,
      flags: { mission_planning: true },
      server: {
        'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
        'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: oda.email }] } },
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Organisation: None chosen' })).toHaveAttribute('aria-haspopup', 'menu')
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Mission review')
    await expectNoAxeViolations(document.body)
  })
})
