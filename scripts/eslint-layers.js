// The floors of each package's folders, lowest first. A folder imports only from folders on lower floors (and from
// itself); folders on one floor do not import each other, so no two folders import each other, directly or round a
// cycle. Tests, stories and fixtures may import from anywhere. The rule is `honu/layers` (eslint.config.js), tested
// in packages/core/test/layers.test.ts.
import { statSync } from 'node:fs'
import path from 'node:path'

/**
 * @honu/core:
 *   errors, constants, platform   what everything uses: error classes and messages, spec figures, injected adapters
 *   avatar, dates, cidr, flags    small concepts with no state of their own
 *   permissions                   roles and who may do what
 *   api                           HTTP clients and the API's types
 *   stores                        per-instance state (tenant, preferences, streams, toasts, connection, flags)
 *   i18n                          the message catalogue's runtime, core's books and the language store
 *   auth, grid                    sign-in and the session; the dashboard's model, layout engine and grid store
 *   firebase, testing             optional adapters and test fakes built on the above
 *   client                        the composition root: createConsoleClient assembles everything
 *   live, query                   the live channel ('@honu/core/live') and the query cache ('@honu/core/query'),
 *                                 console extensions created on first use
 *   topology                      the network topology ('@honu/core/topology'): networks, devices and their live states
 *   mission                       the mission plan ('@honu/core/mission'): model, file formats, survey pattern, checks
 */
const CORE = [
  ['errors', 'constants', 'platform'],
  ['avatar', 'dates', 'cidr', 'flags'],
  ['permissions'],
  ['api'],
  ['stores'],
  ['i18n'],
  ['auth', 'grid'],
  ['firebase', 'testing'],
  ['client'],
  ['live', 'query'],
  ['topology', 'mission'],
]

/**
 * @honu/console-kit:
 *   parts              the Floating UI parts and small components (Dialog, Menu, LookupStatus…)
 *   widget, table      the widget contract; DataTable
 *   provider           ConsoleProvider and its contexts
 *   hooks              the hooks over the client's stores
 */
const CONSOLE_KIT = [['parts'], ['widget', 'table'], ['provider'], ['hooks']]

/**
 * @honu/console-react:
 *   messages, styles, startup, widget   message books, style sheets, start-up steps, the widget re-exports
 *   navigation                          the route table as data (screens by key) with RouteAccess, the paths, the
 *                                       host's options, the console's links and contexts
 *   ui                                  the shared UI helpers: load status, focus on the heading, form parts, the main
 *                                       content, sign-out, connection notices, workspace actions
 *   account, dashboard, shadow, toaster the account dialogs, the dashboard, the shadow root, the toaster
 *   screens, guards, layouts            the screens of each route, the navigation guards, the card and working layouts
 *   routes                              the top floor: each screen key resolved, the guards and layouts put together
 *   element                             the `<honu-console>` custom element, which mounts the routes
 */
const CONSOLE_REACT = [
  ['messages', 'styles', 'startup', 'widget'],
  ['navigation'],
  ['ui'],
  ['account', 'dashboard', 'shadow', 'toaster'],
  ['screens', 'guards', 'layouts'],
  ['routes'],
  ['element'],
]

/**
 * @honu/widgets:
 *   messages, picker                    the widgets' message books; the shared picker for a new widget
 *   vehicle, video, tenant, vnc,        each widget type; the placeholder of the ones still to be built
 *   remote-access, mission-exec-status,
 *   placeholder
 *   dashboard, map                      the dashboard's widget list; the Map widget (it draws the vehicles' markers)
 */
const WIDGETS = [
  ['messages', 'picker'],
  ['vehicle', 'video', 'tenant', 'vnc', 'remote-access', 'mission-exec-status', 'placeholder'],
  ['dashboard', 'map'],
]

/** The floors of each package, by its folder under `packages/`. A new folder must be given a floor (the rule says so). */
export const PACKAGE_LAYERS = { core: CORE, 'console-kit': CONSOLE_KIT, 'console-react': CONSOLE_REACT, widgets: WIDGETS }

const layerMaps = Object.fromEntries(
  Object.entries(PACKAGE_LAYERS).map(([pkg, layers]) => [pkg, new Map(layers.flatMap((folders, layer) => folders.map((folder) => [folder, layer])))]),
)
const describeLayers = (pkg) => PACKAGE_LAYERS[pkg].map((folders) => folders.join(', ')).join(' < ')

/** The package a file is in, its `src/` directory and its folder there (none for files at `src/` itself or outside). */
function placeOf(file) {
  const parts = path.resolve(file).split(path.sep)
  const src = parts.lastIndexOf('src')
  if (src < 2 || parts[src - 2] !== 'packages' || !(parts[src - 1] in PACKAGE_LAYERS) || parts.length < src + 3) return undefined
  return { pkg: parts[src - 1], srcDir: parts.slice(0, src + 1).join(path.sep), folder: parts[src + 1] }
}

const isDirectory = (target) => statSync(target, { throwIfNoEntry: false })?.isDirectory() ?? false

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: "A package's folder imports only from folders on lower floors (see PACKAGE_LAYERS)." },
    schema: [],
    messages: {
      upward:
        '{{pkg}}/{{from}} must not import {{pkg}}/{{to}}: {{to}} is not on a floor below {{from}}. Move the shared piece down, or pass it in. Floors: {{layers}}.',
      root: '{{pkg}}/{{from}} must not import the package root ({{source}}): import the module it needs from its folder.',
      unknown: '{{pkg}}/{{folder}} has no floor in PACKAGE_LAYERS (scripts/eslint-layers.js): give it one.',
    },
  },
  create(context) {
    const file = context.filename
    const place = placeOf(file)
    if (!place) return {}
    const { pkg, srcDir, folder: from } = place
    const layerOf = layerMaps[pkg]
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = path.resolve(path.dirname(file), source)
      const relative = path.relative(srcDir, target).split(path.sep)
      if (relative[0] === '..') return
      // The package root itself (`..` or `../index`), not a folder's index.
      if (relative[0] === '' || (relative.length === 1 && /^index(\.[jt]sx?)?$/.test(relative[0]))) {
        context.report({ node, messageId: 'root', data: { pkg, from, source } })
        return
      }
      // A file at the package's src/ itself (console.tsx, registry.ts, use-tenant-list.ts): the rule places folders
      // only, and the files there are few and named in the package's index.
      if (relative.length === 1 && !isDirectory(target)) return
      const to = relative[0]
      if (to === from) return
      for (const folder of [from, to]) {
        if (!layerOf.has(folder)) {
          context.report({ node, messageId: 'unknown', data: { pkg, folder } })
          return
        }
      }
      if (layerOf.get(to) >= layerOf.get(from)) {
        context.report({ node, messageId: 'upward', data: { pkg, from, to, layers: describeLayers(pkg) } })
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}

/** The ESLint plugin holding the rule, as `honu/layers`. */
export default { rules: { layers: layersRule } }
