import path from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain ESM module for eslint.config.js, without types of its own.
import { layersRule, PACKAGE_LAYERS } from '../../../scripts/eslint-layers.js'

// The floors rule of every package (scripts/eslint-layers.js), tested here because core was its first user.

// RuleTester reports through the test framework's hooks (static properties its types leave out).
Object.assign(RuleTester, { afterAll, describe, it })

const packages = path.resolve(__dirname, '../..')
const at = (pkg: string, file: string) => path.join(packages, pkg, 'src', file)
const core = (file: string) => at('core', file)
const react = (file: string) => at('console-react', file)

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('honu/layers', layersRule, {
  valid: [
    { filename: core('client/create-console-client.ts'), code: "import { createSessionStore } from '../auth/session-store'" },
    { filename: core('auth/load-session-user.ts'), code: "import type { TenantStore } from '../stores/tenant-store'" },
    { filename: core('grid/grid-store.ts'), code: "import { persistSlices } from '../platform/persist'" },
    { filename: core('grid/grid-store.ts'), code: "import { emptyWorkspaces } from './grid-model'" },
    { filename: core('index.ts'), code: "export * from './client'" },
    { filename: core('stores/flags-store.ts'), code: "import { createStore } from 'zustand/vanilla'" },
    // console-react: the top floor resolves the table's screen keys; screens use the shared UI helpers.
    { filename: react('routes/screens.tsx'), code: "import { LoginScreen } from '../screens/login-screen'" },
    { filename: react('screens/login-screen.tsx'), code: "import { Loading } from '../ui/load-status'" },
    { filename: react('screens/streams/stream-list.tsx'), code: "import { usePaths } from '../../navigation/paths-context'" },
    { filename: react('guards/route-guard.tsx'), code: "import type { RouteAccess } from '../navigation/route-access'" },
    // Within one folder, however deep.
    { filename: react('screens/admin/users-panel.tsx'), code: "import { AuditTrail } from './audit/audit-trail'" },
    { filename: at('console-kit', 'hooks/use-query.ts'), code: "import { ConsoleClientContext } from '../provider/context'" },
    { filename: at('widgets', 'map/map-widget.tsx'), code: "import { vehicleMessages } from '../vehicle/vehicle-messages'" },
  ],
  invalid: [
    { filename: core('errors/messages.ts'), code: "import '../client/create-console-client'", errors: [{ messageId: 'upward' }] },
    { filename: core('stores/index.ts'), code: "export * from '../auth/session-store'", errors: [{ messageId: 'upward' }] },
    // One floor does not import its neighbour either.
    { filename: core('auth/index.ts'), code: "export { createGridStore } from '../grid/grid-store'", errors: [{ messageId: 'upward' }] },
    { filename: core('grid/lazy.ts'), code: "const load = () => import('../client')", errors: [{ messageId: 'upward' }] },
    { filename: core('api/http-client.ts'), code: "import { createConsoleClient } from '..'", errors: [{ messageId: 'root' }] },
    { filename: core('newfolder/thing.ts'), code: "import { messages } from '../errors/messages'", errors: [{ messageId: 'unknown' }] },
    // console-react, planted: the route table importing a screen (navigation was top and bottom at once), a guard
    // importing a layout, a helper importing a screen, a layout importing a guard on its own floor.
    {
      filename: react('navigation/console-routes.ts'),
      code: "import { LoginScreen } from '../screens/login-screen'",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: react('navigation/console-routes.ts'),
      code: "const load = () => import('../screens/admin/admin-screen')",
      errors: [{ messageId: 'upward' }],
    },
    { filename: react('guards/route-guard.tsx'), code: "import { MainLayout } from '../layouts/main-layout'", errors: [{ messageId: 'upward' }] },
    {
      filename: react('ui/load-status.tsx'),
      code: "import { useVehicleLinks } from '../screens/vehicle/vehicle-screen'",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: react('screens/streams/streams-screen.tsx'),
      code: "import { createConsoleRoutes } from '../../routes/create-console-routes'",
      errors: [{ messageId: 'upward' }],
    },
    { filename: react('routes/themed-root.tsx'), code: "import { Console } from '..'", errors: [{ messageId: 'root' }] },
    { filename: at('console-kit', 'parts/dialog.tsx'), code: "import { useSession } from '../hooks/use-session'", errors: [{ messageId: 'upward' }] },
    {
      filename: at('widgets', 'vehicle/vehicle-widget.tsx'),
      code: "import { MapWidget } from '../map/map-widget'",
      errors: [{ messageId: 'upward' }],
    },
  ],
})

describe('PACKAGE_LAYERS', () => {
  it("names every folder of each package's src once", async () => {
    const { readdirSync } = await import('node:fs')
    for (const [pkg, layers] of Object.entries(PACKAGE_LAYERS as Record<string, string[][]>)) {
      const folders = readdirSync(path.join(packages, pkg, 'src'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== '__fixtures__')
        .map((entry) => entry.name)
      const placed = layers.flat()
      expect(new Set(placed).size, pkg).toBe(placed.length)
      expect([...placed].sort(), pkg).toEqual(folders.sort())
    }
  })
})
