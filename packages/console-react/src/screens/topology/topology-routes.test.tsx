import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { consoleAt } from '../../__fixtures__/console-at'
import { alpha, alphaDevices, bravo } from './__fixtures__/fake-topology'

const ada = { uid: 'ada', email: 'ada@honu.test' }
const server = {
  'GET /api/v1/users/ada': { status: 200, body: { email: ada.email, permissions: { alpha: ['admin'], bravo: ['reader'] } } },
  'GET /api/v1/tenants': { status: 200, body: { data: [alpha, bravo], total_count: 2 } },
  'GET /api/v1/devices': { status: 200, body: { data: alphaDevices, total_count: alphaDevices.length } },
}

describe('the topology routes', () => {
  it("/networktopology: the list view over the console's topology store (GET tenants and devices), axe clean", async () => {
    const { requests } = consoleAt('/networktopology', { signedInAs: ada, tenant: alpha, server })
    const heading = await screen.findByRole('heading', { level: 1, name: 'Network topology' })
    await waitFor(() => expect(heading).toHaveFocus())
    const table = await screen.findByRole('table', { name: 'Devices of Alpha Harbour' })
    expect(within(table).getByRole('button', { name: 'Open USV Kahu' })).toBeInTheDocument()
    expect(screen.getByText('Overlaps Remote network 10.10.128.0/20 of Bravo Fleet')).toBeInTheDocument()
    expect(requests).toContain('GET /api/v1/devices?tenant_id=alpha')
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Network topology')
    await expectNoAxeViolations(document.body)
  })
  // The graph view (WebGL: sigma does not load in jsdom) is opened in the browser: the SwitchToGraph story and
  // e2e/topology.spec.ts.
})
