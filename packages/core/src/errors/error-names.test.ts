import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from 'vite'
import { MfaRequiredError } from '../auth/mfa-required-error'
import { AuthError, ConsoleError, HttpError } from './index'

const classes = { ConsoleError, AuthError, HttpError, MfaRequiredError }
const make = (Class: (typeof classes)[keyof typeof classes]) =>
  Class === MfaRequiredError ? new MfaRequiredError([]) : new (Class as typeof HttpError)({ code: 'http/network', message: 'm', status: 0 })

describe('error names', () => {
  it.each(Object.keys(classes))('new %s().name is its class name', (name) => {
    expect(make(classes[name as keyof typeof classes]).name).toBe(name)
  })

  const out = mkdtempSync(join(tmpdir(), 'honu-error-names-'))
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('keep their names after a partner’s minifier has renamed the classes', async () => {
    // What a partner's production build does to core: bundled and minified, class names mangled.
    await build({
      configFile: false,
      logLevel: 'silent',
      root: join(import.meta.dirname, '..'),
      build: {
        outDir: out,
        minify: true,
        lib: { entry: { errors: 'errors/index.ts', mfa: 'auth/mfa-required-error.ts' }, formats: ['es'] },
      },
    })
    const code = readFileSync(join(out, 'errors.js'), 'utf8') + readFileSync(join(out, 'mfa.js'), 'utf8')
    // The minifier did rename them (otherwise this test would prove nothing)…
    for (const name of Object.keys(classes)) expect(code).not.toMatch(new RegExp(`class ${name}\\b`))
    // …and each error still says which it is.
    const built = { ...(await import(pathToFileURL(join(out, 'errors.js')).href)), ...(await import(pathToFileURL(join(out, 'mfa.js')).href)) }
    for (const name of Object.keys(classes)) expect(make(built[name]).name, name).toBe(name)
  }, 30_000)
})
