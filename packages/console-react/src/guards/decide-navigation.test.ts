import { describe, expect, it } from 'vitest'
import { decideNavigation, type NavigationFacts } from './decide-navigation'

const base: NavigationFacts = { access: 'login', path: '/streams', signedIn: true, hasTenant: true, flags: {} }
const orgAdmin = { '*': ['org-admin'] }

describe('navigation guard (spec §2)', () => {
  it.each<[string, Partial<NavigationFacts>, string | undefined]>([
    ['3. a protected route without login goes to login', { signedIn: false }, '/login'],
    ['3. … also a mission-planning route', { access: 'mission-planning', path: '/missionoperations', signedIn: false }, '/login'],
    ['4. login but no tenant goes to tenant', { hasTenant: false }, '/tenant'],
    ['4. … except the tenant page itself', { hasTenant: false, path: '/tenant' }, undefined],
    ['4. … and the entry point', { hasTenant: false, path: '/entrypoint', access: 'mission-planning' }, undefined],
    ['4. … and the organisation choice', { hasTenant: false, path: '/orgselection', access: 'mission-planning' }, undefined],
    ['4. … and the mission-planning areas (they work in an organisation)', { hasTenant: false, path: '/missionoperations', access: 'mission-planning' }, undefined],
    ['5. login while signed in goes to streams', { access: 'public', path: '/login' }, '/streams'],
    ['5. … to entrypoint for an org-admin with the flag on', { access: 'public', path: '/login', permissions: orgAdmin, flags: { mission_planning: true } }, '/entrypoint'],
    ['5. … to streams for an org-admin with the flag off', { access: 'public', path: '/login', permissions: orgAdmin, flags: { mission_planning: false } }, '/streams'],
    ['5. … to streams for a tenant admin with the flag on', { access: 'public', path: '/login', permissions: { t1: ['admin'] }, flags: { mission_planning: true } }, '/streams'],
    ['5. … to streams after the mission-planning guard refused', { access: 'public', path: '/login', permissions: orgAdmin, flags: { mission_planning: true }, missionPlanningRefused: true }, '/streams'],
    ['a signed-out visitor stays on login', { access: 'public', path: '/login', signedIn: false }, undefined],
    ['a signed-in user with a tenant stays', {}, undefined],
    ['public pages need nothing', { access: 'public', path: '/auth/action', signedIn: false, hasTenant: false }, undefined],
    ['the 404 page needs nothing', { access: 'none', path: '*', signedIn: false }, undefined],
  ])('%s', (_name, facts, expected) => {
    expect(decideNavigation({ ...base, ...facts })).toBe(expected)
  })
})
