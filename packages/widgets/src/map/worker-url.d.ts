// Vite's `?url` import, as a host names MapLibre's worker (the stories do the same as a host would).
declare module 'maplibre-gl/dist/maplibre-gl-worker.mjs?url' {
  const url: string
  export default url
}
