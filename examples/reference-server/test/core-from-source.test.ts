import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The server suite reads `@honu/core` from its sources (the `@honu/source` export condition, vitest.config.ts), so
 * a core change is tested against the server at once, without `pnpm --filter @honu/core run build`. Importing an
 * entry by its package name and by its source file must then give the one module.
 */
const coreDir = fileURLToPath(new URL('../../../packages/core/', import.meta.url))
const exportsMap = (JSON.parse(readFileSync(`${coreDir}package.json`, 'utf8')) as { exports: Record<string, unknown> }).exports
const entries = Object.entries(exportsMap).flatMap(([subpath, target]) => {
  const source = typeof target === 'object' && target !== null ? (target as Record<string, unknown>)['@honu/source'] : undefined
  return typeof source === 'string' ? [{ specifier: `@honu/core${subpath.slice(1)}`, source: `${coreDir}${source.slice(2)}` }] : []
})

describe('@honu/core in the server suite', () => {
  it('lists every entry of the package (the exports map was read)', () => {
    expect(entries.map((entry) => entry.specifier)).toEqual(expect.arrayContaining(['@honu/core', '@honu/core/live', '@honu/core/testing']))
  })

  it.each(entries)('$specifier is the source module, not packages/core/dist', async ({ specifier, source }) => {
    expect(await import(/* @vite-ignore */ specifier)).toBe(await import(/* @vite-ignore */ source))
  })
})
