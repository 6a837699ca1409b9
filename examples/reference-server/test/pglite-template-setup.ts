import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { dumpPgliteTemplate } from '../src/db/create-pglite-database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an empty PGlite cluster, for `startTestServer`'s in-memory databases. */
    pgliteTemplate: string
  }
}

/**
 * One empty PGlite cluster for the whole run, written to a file: each in-memory test server loads it rather than
 * running `initdb` again (the files run in separate workers, so a module-level copy would be made again per file).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'honu-pglite-'))
  const file = join(dir, 'template.tar')
  await writeFile(file, Buffer.from(await (await dumpPgliteTemplate()).arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rm(dir, { recursive: true, force: true })
}
