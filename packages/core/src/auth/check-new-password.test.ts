import { describe, expect, it } from 'vitest'
import { checkNewPassword } from './check-new-password'

describe('checkNewPassword', () => {
  it.each([
    ['', '', { field: 'newPassword', problem: 'missing' }],
    ['abc', 'abc', { field: 'newPassword', problem: 'too-short' }],
    ['12345', '12345', { field: 'newPassword', problem: 'too-short' }],
    ['🐢🐢🐢🐢🐢', '🐢🐢🐢🐢🐢', { field: 'newPassword', problem: 'too-short' }],
    ['long-enough', '', { field: 'confirmation', problem: 'missing' }],
    ['long-enough', 'long-enough ', { field: 'confirmation', problem: 'mismatch' }],
    ['long-enough', 'Long-enough', { field: 'confirmation', problem: 'mismatch' }],
    ['long-enough', 'long-enough', undefined],
    ['123456', '123456', undefined],
  ] as const)('%j confirmed by %j: %j', (password, confirmation, expected) => {
    expect(checkNewPassword(password, confirmation)).toEqual(expected)
  })
})
