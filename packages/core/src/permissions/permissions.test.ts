import { describe, expect, it } from 'vitest'
import { createPermissionChecker } from './create-permission-checker'
import { canEnterMissionPlanning, hasOrganisationPermission } from './mission-planning'
import { deriveRole, getRoles, hasRemainingAdmin, isAdmin, isController, isOrgAdmin, isSuperAdmin, isWriter, type Permissions } from './roles'

describe('getRoles (§6: selected tenant, falling back to the all-tenants key, which a tenant never lowers)', () => {
  const permissions = { '*': ['reader'], t1: ['admin', 'writer'], t2: [] }
  it.each([
    ['t1', ['admin', 'writer', 'reader']],
    ['t3', ['reader']],
    ['t2', ['reader']],
    [undefined, ['reader']],
  ])('tenant %s → %j', (tenant, roles) => {
    expect(getRoles(permissions, tenant)).toEqual(roles)
  })
  it('names each role once, also when the server sends one twice in a list', () => {
    expect(getRoles({ t1: ['admin', 'admin'] }, 't1')).toEqual(['admin'])
    expect(getRoles({ '*': ['reader', 'reader'] }, 't1')).toEqual(['reader'])
    expect(getRoles({ '*': ['reader'], t1: ['writer', 'reader', 'writer'] }, 't1')).toEqual(['writer', 'reader'])
  })
  it('answers no roles without permissions', () => {
    expect(getRoles(undefined, 't1')).toEqual([])
    expect(getRoles({ t1: ['admin'] }, 't9')).toEqual([])
  })
  it('never lowers what * grants: a super admin with a lower role in one tenant keeps org-admin there (issue 22)', () => {
    const ops = { '*': ['org-admin'], alpha: ['reader'] }
    expect(getRoles(ops, 'alpha')).toEqual(['reader', 'org-admin'])
    expect(isAdmin(getRoles(ops, 'alpha'))).toBe(true)
    expect(isController(getRoles(ops, 'alpha'))).toBe(true)
    expect(getRoles({ t1: ['reader'] }, 't1')).toEqual(['reader'])
    expect(getRoles({ '*': ['writer'], t1: ['writer', 'admin'] }, 't1')).toEqual(['writer', 'admin'])
  })
  it('derives the shown role from the first role', () => {
    expect(deriveRole(permissions, 't1')).toBe('admin')
    expect(deriveRole({}, 't1')).toBeUndefined()
  })
})

// §6: "isAdmin: role org-admin or admin (case-insensitive). isWriter: admin or writer. isController: org-admin or controller."
describe.each([
  ['isAdmin', isAdmin, ['org-admin', 'admin', 'ADMIN', 'Org-Admin']],
  ['isWriter', isWriter, ['admin', 'writer', 'Writer', 'ADMIN']],
  ['isController', isController, ['org-admin', 'controller', 'CONTROLLER']],
] as const)('%s', (_name, check, granted) => {
  const all = ['org-admin', 'admin', 'writer', 'controller', 'reader', 'ORG-ADMIN', 'Writer', 'viewer', '']
  it.each(all)('role %j', (role) => {
    expect(check([role])).toBe(granted.map((g) => g.toLowerCase()).includes(role.toLowerCase()))
  })
  it('accepts a single role string, a list or nothing', () => {
    expect(check(granted[0])).toBe(true)
    expect(check(['reader', granted[1]])).toBe(true)
    expect(check(undefined)).toBe(false)
    expect(check([])).toBe(false)
  })
})

describe('isSuperAdmin (§6: a * scope whose first role is org-admin)', () => {
  it.each([
    [{ '*': ['org-admin'] }, true],
    [{ '*': ['org-admin', 'reader'] }, true],
    [{ '*': ['Org-Admin'] }, true],
    [{ '*': ['reader', 'org-admin'] }, false],
    [{ t1: ['org-admin'] }, false],
    [{ '*': [] }, false],
    [undefined, false],
  ])('%j → %s', (permissions, expected) => {
    expect(isSuperAdmin(permissions)).toBe(expected)
  })
})

describe('hasRemainingAdmin (§6)', () => {
  const users = [
    { uid: 'a', role: 'Admin' },
    { uid: 'b', role: 'writer' },
    { uid: 'c', role: 'admin' },
  ]
  it('is true while another admin remains', () => {
    expect(hasRemainingAdmin(users, 'a')).toBe(true)
    expect(hasRemainingAdmin(users, ['b'])).toBe(true)
  })
  it('is false when the removal takes every admin (case-insensitive)', () => {
    expect(hasRemainingAdmin(users, ['a', 'c'])).toBe(false)
    expect(hasRemainingAdmin([{ uid: 'x', role: 'ADMIN' }], 'x')).toBe(false)
    expect(hasRemainingAdmin([], [])).toBe(false)
  })
})

describe('mission planning (§2, §6)', () => {
  const orgAdmin = { permissions: { '*': ['org-admin'] } }
  it.each([
    [orgAdmin, { mission_planning: true }, true],
    [orgAdmin, { mission_planning: false }, false],
    [orgAdmin, {}, false],
    [orgAdmin, undefined, false],
    [{ permissions: { '*': ['admin'] } }, { mission_planning: true }, false],
    [{ permissions: { t1: ['org-admin'] } }, { mission_planning: true }, false],
    [{ permissions: { '*': ['reader', 'org-admin'] } }, { mission_planning: true }, true],
    [undefined, { mission_planning: true }, false],
  ])('user %j with flags %j → %s', (user, flags, expected) => {
    expect(canEnterMissionPlanning(user, flags)).toBe(expected)
  })

  it('lets a super admin do anything and others only their Organisation actions', () => {
    expect(hasOrganisationPermission({ super_admin: true, roles: {} }, 'delete')).toBe(true)
    expect(hasOrganisationPermission({ super_admin: false, roles: { Organisation: ['read', 'Write'] } }, 'write')).toBe(true)
    expect(hasOrganisationPermission({ super_admin: false, roles: { Organisation: ['read'] } }, 'write')).toBe(false)
    expect(hasOrganisationPermission({ roles: { Campaign: ['write'] } }, 'write')).toBe(false)
    expect(hasOrganisationPermission(undefined, 'read')).toBe(false)
  })
})

describe('createPermissionChecker', () => {
  it('computes every check for one tenant', () => {
    const checker = createPermissionChecker({ '*': ['org-admin'], t1: ['writer'] }, 't1')
    // The tenant's writer adds to, never replaces, the org-admin * grants (issue 22).
    expect(checker).toEqual({ roles: ['writer', 'org-admin'], isAdmin: true, isWriter: true, isController: true, isSuperAdmin: true })
  })
})

/** What one tenant's checker answers: its roles and which of isAdmin, isWriter, isController hold. */
const sees = (roles: string[], ...holds: ('admin' | 'writer' | 'controller')[]) => ({
  roles,
  isAdmin: holds.includes('admin'),
  isWriter: holds.includes('writer'),
  isController: holds.includes('controller'),
})
const nothing = sees([])

// Issue 29: the edge shapes of a role map, through every check that reads one. §3 and §6: a super admin is a *
// scope whose FIRST role is org-admin, so `*` with no roles, with admin, or with org-admin second is not one; the
// mission planning area wants org-admin anywhere under `*`; a tenant's roles are its own plus what `*` grants, and
// never another tenant's. charlie has no entry of its own in any map.
describe.each([
  ['an empty map', {}, { superAdmin: false, orgAdmin: false, alpha: nothing, bravo: nothing, charlie: nothing }],
  ['* with no roles', { '*': [] }, { superAdmin: false, orgAdmin: false, alpha: nothing, bravo: nothing, charlie: nothing }],
  [
    '* left undefined',
    { '*': undefined, alpha: ['reader'] },
    { superAdmin: false, orgAdmin: false, alpha: sees(['reader']), bravo: nothing, charlie: nothing },
  ],
  [
    '* with admin (an admin of every tenant, not a super admin)',
    { '*': ['admin'] },
    {
      superAdmin: false,
      orgAdmin: false,
      alpha: sees(['admin'], 'admin', 'writer'),
      bravo: sees(['admin'], 'admin', 'writer'),
      charlie: sees(['admin'], 'admin', 'writer'),
    },
  ],
  [
    '* with org-admin',
    { '*': ['org-admin'] },
    {
      superAdmin: true,
      orgAdmin: true,
      alpha: sees(['org-admin'], 'admin', 'controller'),
      bravo: sees(['org-admin'], 'admin', 'controller'),
      charlie: sees(['org-admin'], 'admin', 'controller'),
    },
  ],
  [
    '* with ORG-ADMIN in capitals',
    { '*': ['ORG-ADMIN'] },
    {
      superAdmin: true,
      orgAdmin: true,
      alpha: sees(['ORG-ADMIN'], 'admin', 'controller'),
      bravo: sees(['ORG-ADMIN'], 'admin', 'controller'),
      charlie: sees(['ORG-ADMIN'], 'admin', 'controller'),
    },
  ],
  [
    '* with org-admin second',
    { '*': ['reader', 'org-admin'] },
    {
      superAdmin: false,
      orgAdmin: true,
      alpha: sees(['reader', 'org-admin'], 'admin', 'controller'),
      bravo: sees(['reader', 'org-admin'], 'admin', 'controller'),
      charlie: sees(['reader', 'org-admin'], 'admin', 'controller'),
    },
  ],
  [
    'reader in alpha, admin in bravo',
    { alpha: ['reader'], bravo: ['admin'] },
    { superAdmin: false, orgAdmin: false, alpha: sees(['reader']), bravo: sees(['admin'], 'admin', 'writer'), charlie: nothing },
  ],
  [
    'admin in alpha, reader in bravo',
    { alpha: ['admin'], bravo: ['reader'] },
    { superAdmin: false, orgAdmin: false, alpha: sees(['admin'], 'admin', 'writer'), bravo: sees(['reader']), charlie: nothing },
  ],
  [
    'controller in alpha, writer in bravo',
    { alpha: ['controller'], bravo: ['writer'] },
    { superAdmin: false, orgAdmin: false, alpha: sees(['controller'], 'controller'), bravo: sees(['writer'], 'writer'), charlie: nothing },
  ],
  [
    'org-admin in one tenant only',
    { alpha: ['org-admin'] },
    { superAdmin: false, orgAdmin: false, alpha: sees(['org-admin'], 'admin', 'controller'), bravo: nothing, charlie: nothing },
  ],
  [
    'a tenant key with no roles beside a writer elsewhere',
    { alpha: [], bravo: ['writer'] },
    { superAdmin: false, orgAdmin: false, alpha: nothing, bravo: sees(['writer'], 'writer'), charlie: nothing },
  ],
  [
    'a tenant key with no roles under a * reader',
    { '*': ['reader'], alpha: [] },
    { superAdmin: false, orgAdmin: false, alpha: sees(['reader']), bravo: sees(['reader']), charlie: sees(['reader']) },
  ],
  [
    '* with no roles beside a tenant admin',
    { '*': [], bravo: ['admin'] },
    { superAdmin: false, orgAdmin: false, alpha: nothing, bravo: sees(['admin'], 'admin', 'writer'), charlie: nothing },
  ],
  [
    'a * admin with a reader tenant',
    { '*': ['admin'], alpha: ['reader'] },
    {
      superAdmin: false,
      orgAdmin: false,
      alpha: sees(['reader', 'admin'], 'admin', 'writer'),
      bravo: sees(['admin'], 'admin', 'writer'),
      charlie: sees(['admin'], 'admin', 'writer'),
    },
  ],
  [
    'keys that only look like *',
    { ' *': ['org-admin'], '**': ['org-admin'], '*alpha': ['org-admin'], all: ['org-admin'] },
    { superAdmin: false, orgAdmin: false, alpha: nothing, bravo: nothing, charlie: nothing },
  ],
] as const)('role map with %s', (_shape, map, expected) => {
  const permissions = map as Permissions

  it('isSuperAdmin, isOrgAdmin and the mission planning entry', () => {
    expect(isSuperAdmin(permissions)).toBe(expected.superAdmin)
    expect(isOrgAdmin(permissions)).toBe(expected.orgAdmin)
    expect(canEnterMissionPlanning({ permissions }, { mission_planning: true })).toBe(expected.orgAdmin)
    expect(canEnterMissionPlanning({ permissions }, { mission_planning: false })).toBe(false)
  })

  it.each(['alpha', 'bravo', 'charlie'] as const)('getRoles, deriveRole and the checker in %s', (tenant) => {
    const { roles } = expected[tenant]
    expect(getRoles(permissions, tenant)).toEqual(roles)
    expect(deriveRole(permissions, tenant)).toBe(roles[0])
    expect(createPermissionChecker(permissions, tenant)).toEqual({ ...expected[tenant], isSuperAdmin: expected.superAdmin })
    expect(isAdmin(getRoles(permissions, tenant))).toBe(expected[tenant].isAdmin)
    expect(isWriter(getRoles(permissions, tenant))).toBe(expected[tenant].isWriter)
    expect(isController(getRoles(permissions, tenant))).toBe(expected[tenant].isController)
  })
})

describe('hasOrganisationPermission with edge role maps (issue 29)', () => {
  it.each([
    [{ super_admin: true }, 'delete', true],
    [{ super_admin: true, roles: { Organisation: [] } }, 'delete', true],
    [{ super_admin: false, roles: null }, 'read', false],
    [{ roles: {} }, 'read', false],
    [{ roles: { Organisation: [] } }, 'read', false],
    [{ super_admin: false, roles: { Organisation: ['read'], Campaign: ['write'] } }, 'write', false],
    [{ super_admin: false, roles: { Organisation: ['read'], Campaign: ['write'] } }, 'read', true],
    [{ roles: { '*': ['write'] } }, 'write', false],
    [{ roles: { Organisation: ['WRITE'] } }, 'Write', true],
  ] as const)('user %j may %s: %s', (user, action, expected) => {
    expect(hasOrganisationPermission(user, action)).toBe(expected)
  })
})

// Issue 29, from the mutation run: what a server may send that the types do not promise.
describe('role data that is not what the types say', () => {
  it('gives no tenant roles when no tenant is chosen, even beside keys a missing id would turn into', () => {
    const permissions = { '*': ['reader'], null: ['admin'], undefined: ['admin'], '': ['admin'] }
    for (const tenant of [null, undefined, '']) {
      expect(getRoles(permissions, tenant)).toEqual(['reader'])
      expect(createPermissionChecker(permissions, tenant)).toEqual({ ...sees(['reader']), isSuperAdmin: false })
    }
    expect(getRoles({ null: ['admin'] }, null)).toEqual([])
    // A tenant really named so is still that tenant.
    expect(getRoles(permissions, 'null')).toEqual(['admin', 'reader'])
  })

  it('ignores entries of a role list that are not strings', () => {
    const junk = [null, undefined, 42, { role: 'admin' }] as unknown as string[]
    for (const check of [isAdmin, isWriter, isController]) expect(check(junk)).toBe(false)
    expect(isAdmin([...junk, 'Admin'])).toBe(true)
    expect(isOrgAdmin({ '*': [...junk, 'org-admin'] })).toBe(true)
    expect(isSuperAdmin({ '*': junk })).toBe(false)
    expect(hasOrganisationPermission({ roles: { Organisation: junk } }, 'write')).toBe(false)
    expect(hasOrganisationPermission({ roles: { Organisation: [...junk, 'Write'] } }, 'write')).toBe(true)
  })

  it('hasRemainingAdmin removes one uid given as a string whole, not letter by letter', () => {
    const users = [
      { uid: 'alice', role: 'admin' },
      { uid: 'bob', role: 'writer' },
    ]
    expect(hasRemainingAdmin(users, 'alice')).toBe(false)
    expect(hasRemainingAdmin(users, ['alice'])).toBe(false)
    expect(hasRemainingAdmin(users, 'a')).toBe(true)
    expect(hasRemainingAdmin(users, 'bob')).toBe(true)
  })

  it('hasRemainingAdmin counts users without a role as no admin, without failing on them', () => {
    const users = [{ uid: 'alice', role: null }, { uid: 'bob' }, { uid: 'carol', role: 'Admin' }]
    expect(hasRemainingAdmin(users, 'carol')).toBe(false)
    expect(hasRemainingAdmin(users, 'alice')).toBe(true)
    expect(hasRemainingAdmin(users.slice(0, 2), [])).toBe(false)
  })
})
