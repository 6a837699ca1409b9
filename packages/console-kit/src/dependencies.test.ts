import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// What installing a package brings (dependencies and peers), read from its package.json: console-kit and widgets
// install without the console's router and grid engine (issue 13, "widgets install alone"). ESLint keeps the
// imports out; this keeps the manifests honest. examples/partner-widget-only checks the installed tree.
const manifest = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../..', name, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    peerDependencies?: Record<string, string>
  }
const installs = (name: string) => {
  const pkg = manifest(name)
  return Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).sort()
}

describe('what installing the packages brings', () => {
  it('console-kit: React (peers), core and small libraries; no react-router, no gridstack', () => {
    // TanStack Table and Virtual: the headless DataTable (src/table), shared by the admin console and topology list.
    const expected = [
      '@floating-ui/react',
      '@honu/core',
      '@tanstack/react-table',
      '@tanstack/react-virtual',
      'lucide-react',
      'react',
      'react-dom',
      'zustand',
    ]
    expect(installs('console-kit')).toEqual(expected)
  })

  it('widgets: core and console-kit, not console-react (only a devDependency, for the dashboard stories)', () => {
    // The Map widget's libraries install with the package but load only with the first map (a dynamic import).
    const map = ['maplibre-gl', 'pmtiles', 'topojson-client', 'world-atlas']
    // noVNC likewise loads only with the first desktop (the Vnc widget's connection imports it).
    const vnc = ['@novnc/novnc']
    const expected = ['@honu/console-kit', '@honu/core', 'hls.js', 'lucide-react', 'react', 'react-dom', ...map, ...vnc]
    expect(installs('widgets')).toEqual(expected.sort())
  })
})
