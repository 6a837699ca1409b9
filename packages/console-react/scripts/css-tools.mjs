// A small CSS walker for the console's own stylesheets (no dependency): inlines @imports, rewrites rule selectors,
// lists them. Enough for plain CSS with @media/@supports/@layer/@container blocks, comments, strings and nested
// parentheses; not CSS nesting (the console does not use it).
import { readFileSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** At-rules whose block holds rules (selectors to walk); any other block (@font-face, @keyframes) is copied. */
const GROUPING = new Set(['media', 'supports', 'layer', 'container', 'scope', 'document', 'starting-style'])

/** Reads up to (not including) the first of `stops` at depth 0, skipping comments, strings and brackets. */
function readUntil(css, i, stops) {
  let depth = 0
  for (; i < css.length; i++) {
    const c = css[i]
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? css.length : end + 1
    } else if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++
    } else if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (depth === 0 && stops.includes(c)) return i
  }
  return i
}

/** The index just past the block whose `{` is at `open`. */
function blockEnd(css, open) {
  let i = open + 1
  let depth = 1
  while (i < css.length && depth > 0) {
    const stop = readUntil(css, i, '{}')
    if (stop >= css.length) return css.length
    depth += css[stop] === '{' ? 1 : -1
    i = stop + 1
  }
  return i
}

/** Splits a selector list at its top-level commas. */
export function splitSelectors(list) {
  const out = []
  let i = 0
  while (i <= list.length) {
    const stop = readUntil(list, i, ',')
    out.push(list.slice(i, stop).trim())
    i = stop + 1
  }
  return out.filter(Boolean)
}

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '')

/**
 * Rebuilds `css` with each style rule's selector list passed through `map(selectors, context)`, where `context`
 * lists the enclosing at-rules' preludes. Comments outside rules are kept; declarations are copied as they are.
 */
export function mapRules(css, map, context = []) {
  let out = ''
  let i = 0
  while (i < css.length) {
    const stop = readUntil(css, i, '{;}')
    const prelude = css.slice(i, stop)
    if (stop >= css.length || css[stop] === '}') {
      out += css.slice(i, stop + 1)
      i = stop + 1
      continue
    }
    if (css[stop] === ';') {
      out += css.slice(i, stop + 1)
      i = stop + 1
      continue
    }
    const end = blockEnd(css, stop)
    const head = stripComments(prelude).trim()
    const lead = prelude.slice(0, prelude.length - prelude.trimStart().length)
    if (head.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(head)[1].toLowerCase()
      if (GROUPING.has(name)) {
        out += prelude + '{' + mapRules(css.slice(stop + 1, end - 1), map, [...context, head]) + '}'
      } else out += css.slice(i, end)
    } else {
      const comments = prelude.trimStart().startsWith('/*') ? prelude.trimStart().match(/^(\s*\/\*[\s\S]*?\*\/\s*)+/)[0] : ''
      out += lead + comments + map(splitSelectors(head), context).join(',\n') + ' ' + css.slice(stop, end)
    }
    i = end
  }
  return out
}

/** Every style rule's selectors with the at-rules around it, and every at-rule name met (for checks). */
export function listRules(css) {
  const rules = []
  mapRules(css, (selectors, context) => {
    rules.push({ selectors, context })
    return selectors
  })
  const atRules = [...stripComments(css).matchAll(/@([\w-]+)\s*([^{;]*)/g)].map((m) => ({ name: m[1].toLowerCase(), prelude: m[2].trim() }))
  return { rules, atRules }
}

/** Where a bare `@import` ('pkg/sub' or '@scope/pkg/sub') points, through the package's `exports` if it has one. */
function resolveBare(spec, fromDir) {
  const parts = spec.split('/')
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  const sub = spec.slice(name.length)
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const pkgDir = join(dir, 'node_modules', name)
    if (existsSync(join(pkgDir, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
      const entry = pkg.exports?.['.' + sub]
      const target = typeof entry === 'string' ? entry : (entry?.style ?? entry?.default)
      return join(pkgDir, target ?? '.' + sub)
    }
    if (dirname(dir) === dir) throw new Error(`Cannot resolve @import '${spec}' from ${fromDir}`)
  }
}

/** The file's CSS with every `@import` (relative or a package's) replaced by the imported file's, recursively. */
export function inlineImports(file, seen = new Set()) {
  const path = resolve(file)
  if (seen.has(path)) return ''
  seen.add(path)
  const css = readFileSync(path, 'utf8')
  return css.replace(/@import\s+(?:url\()?\s*['"]([^'"]+)['"]\s*\)?\s*;/g, (_, spec) => {
    const target = spec.startsWith('.') ? resolve(dirname(path), spec) : resolveBare(spec, dirname(path))
    return `/* ${spec} */\n` + inlineImports(target, seen).trim() + '\n'
  })
}

/**
 * Whether a selector can only match inside the console: its first compound (before any combinator) is `:host…`
 * or carries a `.honu-` class, or is `:where()`/`:is()` of alternatives that each do.
 */
export function isScoped(selector) {
  const s = selector.trim()
  const end = readUntil(s, 0, ' >+~\n\t')
  const first = s.slice(0, end)
  if (/^:host\b/.test(first)) return true
  const group = /^:(?:where|is)\((.*)\)$/.exec(first)
  if (group) return splitSelectors(group[1]).every(isScoped)
  return /\.honu-[\w-]/.test(first.replace(/:not\([^)]*\)/g, ''))
}
