// Preload for check-dist-imports: makes `react` and `react-dom` unresolvable for ESM and CommonJS alike.
import Module, { register } from 'node:module'

const BLOCKED = /^react(-dom)?($|\/)/
const hook = `
export async function resolve(specifier, context, next) {
  if (${BLOCKED}.test(specifier)) throw new Error('core must not import ' + specifier)
  return next(specifier, context)
}`
register(`data:text/javascript,${encodeURIComponent(hook)}`)

const original = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  if (BLOCKED.test(request)) throw new Error(`core must not require ${request}`)
  return original.call(this, request, ...rest)
}
