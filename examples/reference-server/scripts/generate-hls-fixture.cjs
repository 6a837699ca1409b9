// Generates the committed HLS fixture (fixtures/hls-360p): 6 s of a moving 640x360 test pattern at 30 fps,
// H.264 baseline in MPEG-TS, three 2 s segments starting on keyframes. The reference server loops them as a
// live playlist. Run once, by hand, with ffmpeg.wasm (no native ffmpeg needed, none in CI):
//   mkdir /tmp/ffw && cd /tmp/ffw && npm i @ffmpeg/ffmpeg@0.11.6 @ffmpeg/core-st@0.11.1
//   NODE_PATH=/tmp/ffw/node_modules node examples/reference-server/scripts/generate-hls-fixture.cjs
const { writeFileSync, mkdirSync } = require('node:fs')
const { join } = require('node:path')

// Node 20's fetch makes the Emscripten loader fetch a file path; without it, the loader reads the file.
delete globalThis.fetch
const { createFFmpeg } = require('@ffmpeg/ffmpeg')

const out = join(__dirname, '..', 'fixtures', 'hls-360p')
;(async () => {
  const ffmpeg = createFFmpeg({ corePath: require.resolve('@ffmpeg/core-st'), mainName: 'main', log: false })
  await ffmpeg.load()
  await ffmpeg.run(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '6'],
    ...['-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-b:v', '350k'],
    ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '0', '-hls_segment_filename', 'seg%d.ts', 'index.m3u8'],
  )
  mkdirSync(out, { recursive: true })
  for (const file of ffmpeg.FS('readdir', '.')) {
    if (/^seg\d+\.ts$|\.m3u8$/.test(file)) writeFileSync(join(out, file), ffmpeg.FS('readFile', file))
  }
  process.exit(0)
})().catch((error) => {
  console.error(error)
  process.exit(1)
})
