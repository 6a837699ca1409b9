// MapLibre's worker as a file the dev server serves (see vite.config.ts): the portal shows no map.
export default '/node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs'
