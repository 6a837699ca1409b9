// Vite's `?url` import: the served address of a file (MapLibre's worker), emitted as an asset of the app.
declare module 'maplibre-gl/dist/maplibre-gl-worker.mjs?url' {
  const url: string
  export default url
}
