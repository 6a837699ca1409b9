import path from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, it } from 'vitest'
// @ts-expect-error -- a plain ESM module for eslint.config.js, without types of its own.
import { coreLayersRule } from '../eslint-core-layers.js'

// RuleTester reports through the test framework's hooks (static properties its types leave out).
Object.assign(RuleTester, { afterAll, describe, it })

const src = path.resolve(__dirname, '../src')
const at = (file: string) => path.join(src, file)

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('honu-core/layers', coreLayersRule, {
  valid: [
    { filename: at('client/create-console-client.ts'), code: "import { createSessionStore } from '../auth/session-store'" },
    { filename: at('auth/load-session-user.ts'), code: "import type { TenantStore } from '../stores/tenant-store'" },
    { filename: at('grid/grid-store.ts'), code: "import { persistSlices } from '../platform/persist'" },
    { filename: at('grid/grid-store.ts'), code: "import { emptyWorkspaces } from './grid-model'" },
    { filename: at('index.ts'), code: "export * from './client'" },
    { filename: at('stores/flags-store.ts'), code: "import { createStore } from 'zustand/vanilla'" },
  ],
  invalid: [
    { filename: at('errors/messages.ts'), code: "import '../client/create-console-client'", errors: [{ messageId: 'upward' }] },
    { filename: at('stores/index.ts'), code: "export * from '../auth/session-store'", errors: [{ messageId: 'upward' }] },
    // One layer does not import its neighbour either.
    { filename: at('auth/index.ts'), code: "export { createGridStore } from '../grid/grid-store'", errors: [{ messageId: 'upward' }] },
    { filename: at('grid/lazy.ts'), code: "const load = () => import('../client')", errors: [{ messageId: 'upward' }] },
    { filename: at('api/http-client.ts'), code: "import { createConsoleClient } from '..'", errors: [{ messageId: 'root' }] },
    { filename: at('newfolder/thing.ts'), code: "import { messages } from '../errors/messages'", errors: [{ messageId: 'unknown' }] },
  ],
})
