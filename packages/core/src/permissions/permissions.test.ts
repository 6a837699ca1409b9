import { describe, expect, it } from 'vitest'
import { createPermissionChecker } from './create-permission-checker'
import { canEnterMissionPlanning, hasOrganisationPermission } from './mission-planning'
import { deriveRole, getRoles, hasRemainingAdmin, isAdmin, isController, isSuperAdmin, isWriter } from './roles'

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
