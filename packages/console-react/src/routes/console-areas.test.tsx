import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { defineMessages } from '@honu/core'
import { consoleAt } from '../__fixtures__/console-at'
import { defineArea } from '../navigation/console-area'
import { createConsoleRoutes } from './create-console-routes'

const wes = { uid: 'wes', email: 'wes@honu.test', password: 'correct horse' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'] } } },
  'GET /api/v1/tenants': { status: 200, body: { data: [alpha] } },
}
const notesBook = defineMessages('test.notes', { title: 'Notes' }, {})
const notes = defineArea({
  key: 'test.notes',
  routes: [{ path: '/notes', nav: { book: notesBook, key: 'title' }, screen: async () => ({ default: () => <h1>Notes of the fleet</h1> }) }],
})

describe('defineArea', () => {
  it('refuses a key or a path that is not one, saying which', () => {
    expect(() => defineArea({ key: '1 notes' })).toThrow('The area key "1 notes" is not one')
    expect(() => defineArea({ key: 'notes', routes: [{ path: '/a//b', screen: async () => () => null }] })).toThrow(
      'Area "notes" has a path that is not one: "/a//b".',
    )
  })

  it('refuses an area asking for a path the console has, and two areas with one key', () => {
    const streams = defineArea({ key: 'mine', routes: [{ path: '/streams', screen: async () => () => null }] })
    expect(() => createConsoleRoutes({ areas: [streams] })).toThrow('Area "mine" asks for /streams, which the console already has.')
    expect(() => createConsoleRoutes({ areas: [notes, notes] })).toThrow('Two areas have the key "test.notes".')
  })
})

describe('an area given to the console', () => {
  it("opens its screen in the network product's layout, its link after the console's own", async () => {
    consoleAt('/notes', { signedInAs: wes, tenant: alpha, server, areas: [notes] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes of the fleet' })).toBeInTheDocument()
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Streams', 'Network topology', 'Collaboration', 'Admin console', 'Notes'])
    expect(links.at(-1)).toHaveAttribute('aria-current', 'page')
  })

  it('is guarded like the console’s own routes: signed out, sign-in remembers it', async () => {
    const { router } = consoleAt('/notes', { server, areas: [notes] })
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.state).toEqual({ from: '/notes' })
  })

  it('answers a screen module with a default export or the component itself', async () => {
    const bare = defineArea({ key: 'bare', routes: [{ path: '/bare', screen: async () => () => <h1>Bare screen</h1> }] })
    consoleAt('/bare', { signedInAs: wes, tenant: alpha, server, areas: [bare] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Bare screen' })).toBeInTheDocument()
  })
})
