import { describe, expect, it } from 'vitest'
import { decideNavigation, HOST_SIGN_IN, UNREACHABLE, type NavigationDecision, type NavigationFacts } from './decide-navigation'

const base: NavigationFacts = { access: 'login', path: '/streams', signedIn: true, hasTenant: true, flags: {} }
const orgAdmin = { '*': ['org-admin'] }

describe('navigation guard (spec §2)', () => {
  it.each<[string, Partial<NavigationFacts>, NavigationDecision]>([
    ['3. a protected route without login goes to login', { signedIn: false }, '/login'],
    ['3. … also a mission-planning route', { access: 'mission-planning', path: '/missionoperations', signedIn: false }, '/login'],
    ['4. login but no tenant goes to tenant', { hasTenant: false }, '/tenant'],
    ['4. … except the tenant page itself', { hasTenant: false, path: '/tenant' }, undefined],
    ['4. … and the entry point', { hasTenant: false, path: '/entrypoint', access: 'mission-planning' }, undefined],
    ['4. … and the organisation choice', { hasTenant: false, path: '/orgselection', access: 'mission-planning' }, undefined],
    [
      '4. … and the mission-planning areas (they work in an organisation)',
      { hasTenant: false, path: '/missionoperations', access: 'mission-planning' },
      undefined,
    ],
    ['5. login while signed in goes to streams', { access: 'public', path: '/login' }, '/streams'],
    [
      '5. … to entrypoint for an org-admin with the flag on',
      { access: 'public', path: '/login', permissions: orgAdmin, flags: { mission_planning: true } },
      '/entrypoint',
    ],
    [
      '5. … to streams for an org-admin with the flag off',
      { access: 'public', path: '/login', permissions: orgAdmin, flags: { mission_planning: false } },
      '/streams',
    ],
    [
      '5. … to streams for a tenant admin with the flag on',
      { access: 'public', path: '/login', permissions: { t1: ['admin'] }, flags: { mission_planning: true } },
      '/streams',
    ],
    [
      '5. … to streams after the mission-planning guard refused',
      { access: 'public', path: '/login', permissions: orgAdmin, flags: { mission_planning: true }, missionPlanningRefused: true },
      '/streams',
    ],
    ['a signed-out visitor stays on login', { access: 'public', path: '/login', signedIn: false }, undefined],
    ['a signed-in user with a tenant stays', {}, undefined],
    ['public pages need nothing', { access: 'public', path: '/auth/action', signedIn: false, hasTenant: false }, undefined],
    ['the 404 page needs nothing', { access: 'none', path: '*', signedIn: false }, undefined],
    // Host sign-in (embedding): the console's forms hand the user to the host.
    ['3. host sign-in: a signed-out deep link still goes to login first (carrying the path wanted)', { signedIn: false, hostSignIn: true }, '/login'],
    [
      '3a. host sign-in: the login route signed out goes to the host',
      { access: 'public', path: '/login', signedIn: false, hostSignIn: true },
      HOST_SIGN_IN,
    ],
    ['3a. … the second-factor route too', { access: 'public', path: '/mfasignin', signedIn: false, hostSignIn: true }, HOST_SIGN_IN],
    ['3a. … and the e-mail actions (reset forms)', { access: 'public', path: '/auth/action', signedIn: false, hostSignIn: true }, HOST_SIGN_IN],
    [
      '3a. … even when the server cannot be reached (the host signs in without it)',
      { access: 'public', path: '/login', signedIn: false, hostSignIn: true, unreachable: true },
      HOST_SIGN_IN,
    ],
    [
      '5. host sign-in: signed in (the host just signed in) the login route goes to streams',
      { access: 'public', path: '/login', hostSignIn: true },
      '/streams',
    ],
    ['5. … and the second-factor route, of no use then', { access: 'public', path: '/mfasignin', hostSignIn: true }, '/streams'],
    ['5. … and the e-mail actions', { access: 'public', path: '/auth/action', hostSignIn: true }, '/streams'],
    ['without host sign-in the e-mail actions stay, signed in', { access: 'public', path: '/auth/action' }, undefined],
    ['the 404 page needs nothing with host sign-in either', { access: 'none', path: '*', signedIn: false, hostSignIn: true }, undefined],
    // The server cannot be reached: said in place of a form that could not work.
    [
      '3b. unreachable: the login route signed out shows that, not the form',
      { access: 'public', path: '/login', signedIn: false, unreachable: true },
      UNREACHABLE,
    ],
    ['3b. … the second-factor route too', { access: 'public', path: '/mfasignin', signedIn: false, unreachable: true }, UNREACHABLE],
    [
      '3b. … but not the e-mail actions (they need only the identity provider)',
      { access: 'public', path: '/auth/action', signedIn: false, unreachable: true },
      undefined,
    ],
    ['3b. … and a signed-out deep link still goes to login', { signedIn: false, unreachable: true }, '/login'],
    ['3b. … signed in, the connection banner says it (the screens stay)', { unreachable: true }, undefined],
  ])('%s', (_name, facts, expected) => {
    expect(decideNavigation({ ...base, ...facts })).toBe(expected)
  })
})
