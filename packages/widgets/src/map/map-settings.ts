/** Page-wide map settings a host sets once: where MapLibre's worker is served, and site packs. */
export interface MapSettings {
  /**
   * The served address of MapLibre's worker (`maplibre-gl/dist/maplibre-gl-worker.mjs`, a module worker), a file
   * of the host's app so that `worker-src 'self'` suffices: never a blob: worker. Required for any map to draw;
   * under Vite: `import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'`. The widgets do not name the
   * file themselves: a `?url` import inside a package breaks Vite's dependency pre-bundling in a host's dev server.
   */
  workerUrl?: string
  /** A MapLibre style to draw instead of the offline Natural Earth basemap (a site pack's style). */
  styleUrl?: string
  /**
   * PMTiles archives (their addresses) a site pack's style reads: register them once, and the style's sources
   * name them as `pmtiles://<address>`.
   */
  pmtiles?: readonly string[]
  /**
   * Addresses of site-pack indexes (`{ "packs": [{ "name", "bounds": [west, south, east, north], "file",
   * "attribution"? }] }`, each file a GeoJSON FeatureCollection of land polygons and coastline lines, relative to
   * its index). Every map draws the packs in view above its basemap from zoom 8, so a harbour shows its real coast;
   * a pack that cannot be read is left out with a console warning. The reference server serves its seeded sites'
   * at `/api/v1/site-packs/index.json`; a host adds its own by naming its own index here too.
   */
  sitePacks?: readonly string[]
}

// Kept on globalThis under a registered symbol, like setVideoDefaults: page-wide, and one value even where a
// bundler gave this module two copies.
const DEFAULTS = Symbol.for('@honu/widgets.mapDefaults')
type WithDefaults = { [DEFAULTS]?: MapSettings }

/**
 * Sets the page's map settings, used by every map that is not given its own `styleUrl` / `pmtiles` / `sitePacks`. Call it
 * before the maps mount.
 *
 * @example setMapDefaults({ workerUrl, sitePacks: [`${apiBase}/api/v1/site-packs/index.json`, '/my-sites/index.json'] })
 */
export function setMapDefaults(settings: MapSettings): void {
  ;(globalThis as WithDefaults)[DEFAULTS] = settings
}

/** The page's map settings ({@link setMapDefaults}), or none. */
export const mapDefaults = (): MapSettings => (globalThis as WithDefaults)[DEFAULTS] ?? {}
