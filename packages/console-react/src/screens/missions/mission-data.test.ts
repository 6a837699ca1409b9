import { describe, expect, it } from 'vitest'
import { organisationAccess, platformLimits } from './mission-data'

const member = (organisation_id: string, actions: string[], super_admin = false) => ({
  id: `mp-${organisation_id}`,
  uid: 'ada',
  email: 'ada@honu.test',
  organisation_id,
  roles: { Organisation: actions },
  super_admin,
})

describe('organisationAccess', () => {
  it.each([
    ['read, write and admin', [member('org-a', ['read', 'write', 'admin'])], { read: true, write: true, admin: true }],
    ['read only', [member('org-a', ['read'])], { read: true, write: false, admin: false }],
    ['actions in another case', [member('org-a', ['READ', 'Write'])], { read: true, write: true, admin: false }],
    ['no actions', [member('org-a', [])], { read: false, write: false, admin: false }],
    ['another organisation only', [member('org-b', ['read', 'write', 'admin'])], { read: false, write: false, admin: false }],
    ['a super admin of another organisation', [member('org-b', [], true)], { read: true, write: true, admin: true }],
    ['no membership at all', [], { read: false, write: false, admin: false }],
  ])('%s', (_, memberships, expected) => {
    expect(organisationAccess(memberships, 'org-a')).toEqual(expected)
  })
})

describe('platformLimits', () => {
  it('takes the speed, endurance and altitude limits a platform carries, and nothing it does not', () => {
    expect(
      platformLimits({ id: 'p', organisation_id: 'o', name: 'P', cruise_speed: 4, endurance_minutes: 30, altitude_limits: { min: 0, max: 50 } }),
    ).toEqual({
      measure: { defaultSpeed: 4 },
      check: { altitudeLimits: { min: 0, max: 50 } },
      enduranceSeconds: 1800,
    })
    expect(platformLimits(undefined)).toEqual({ measure: {}, check: {} })
    // Half a pair of limits, a speed of 0 and a value that is not a number are not limits.
    expect(
      platformLimits({ id: 'p', organisation_id: 'o', name: 'P', cruise_speed: 0, altitude_limits: { max: 50 }, endurance_minutes: '30' as never }),
    ).toEqual({
      measure: {},
      check: {},
    })
  })
})
