// The layers of @honu/core's folders, lowest first. A folder imports only from folders in lower layers (and from
// itself); folders in one layer do not import each other. Tests may import from anywhere (testing/ fakes).
//
//   errors, constants, platform   what everything uses: error classes and messages, spec figures, injected adapters
//   avatar, dates, cidr, flags    small concepts with no state of their own
//   permissions                   roles and who may do what
//   api                           HTTP clients and the API's types
//   stores                        per-instance state (tenant, preferences, streams, toasts, connection, flags)
//   i18n                          the message catalogue's runtime, core's books and the language store
//   auth, grid                    sign-in and the session; the dashboard's model, layout engine and grid store
//   firebase, testing             optional adapters and test fakes built on the above
//   client                        the composition root: createConsoleClient assembles everything
//   live, query                   the live channel ('@honu/core/live') and the query cache ('@honu/core/query'),
//                                 console extensions created on first use
//   topology                      the network topology ('@honu/core/topology'): networks, devices and their live states
import path from 'node:path'

/** The layers, lowest first. A new folder must be added here (the rule says so). */
export const CORE_LAYERS = [
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
  ['topology'],
]

const layerOf = new Map(CORE_LAYERS.flatMap((folders, layer) => folders.map((folder) => [folder, layer])))
const describeLayers = () => CORE_LAYERS.map((folders) => folders.join(', ')).join(' < ')

/** The core `src/` directory a file is under and its folder there (none for `src/index.ts` or files outside). */
function placeOf(file) {
  const parts = path.resolve(file).split(path.sep)
  const src = parts.lastIndexOf('src')
  if (src < 1 || parts[src - 1] !== 'core' || parts.length < src + 3) return undefined
  return { srcDir: parts.slice(0, src + 1).join(path.sep), folder: parts[src + 1] }
}

/** @type {import('eslint').Rule.RuleModule} */
export const coreLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A @honu/core folder imports only from folders in lower layers (see CORE_LAYERS).' },
    schema: [],
    messages: {
      upward:
        'core/{{from}} must not import core/{{to}}: {{to}} is not in a layer below {{from}}. Move the shared piece down, or pass it in. Layers: {{layers}}.',
      root: 'core/{{from}} must not import the package root ({{source}}): import the module it needs from its folder.',
      unknown: 'core/{{folder}} is not in CORE_LAYERS (packages/core/eslint-core-layers.js): give it a layer.',
    },
  },
  create(context) {
    const file = context.filename
    const place = placeOf(file)
    if (!place) return {}
    const { srcDir, folder: from } = place
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = path.resolve(path.dirname(file), source)
      const relative = path.relative(srcDir, target).split(path.sep)
      if (relative[0] === '..') return
      // The package root itself (`..` or `../index`), not a folder's index.
      if (relative[0] === '' || (relative.length === 1 && /^index(\.[jt]s)?$/.test(relative[0]))) {
        context.report({ node, messageId: 'root', data: { from, source } })
        return
      }
      const to = relative[0]
      if (to === from) return
      for (const folder of [from, to]) {
        if (!layerOf.has(folder)) {
          context.report({ node, messageId: 'unknown', data: { folder } })
          return
        }
      }
      if (layerOf.get(to) >= layerOf.get(from)) {
        context.report({ node, messageId: 'upward', data: { from, to, layers: describeLayers() } })
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

/** The ESLint plugin holding the rule, as `honu-core/layers`. */
export default { rules: { layers: coreLayersRule } }
