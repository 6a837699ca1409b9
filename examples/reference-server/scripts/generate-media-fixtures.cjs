// Generates the committed media fixtures of the reference server from ffmpeg's moving test pattern. Run once,
// by hand, with ffmpeg.wasm (no native ffmpeg needed, none in CI):
//   mkdir /tmp/ffw && cd /tmp/ffw && npm i @ffmpeg/ffmpeg@0.11.6 @ffmpeg/core-st@0.11.1
//   NODE_PATH=/tmp/ffw/node_modules node examples/reference-server/scripts/generate-media-fixtures.cjs
//
// - hls-360p: 6 s, 640x360, 30 fps, H.264 baseline in MPEG-TS, three 2 s segments starting on keyframes
//   (looped as a live HLS playlist).
// - vp8-360p/stream.ivf: 4 s, 640x360, 30 fps, VP8 with a keyframe every second (sent over WebRTC by WHEP).
// - mjpeg-180p: 2 s of 320x180 JPEG frames at 10 fps (looped as an MJPEG stream).
// - clip-360p/clip.mp4: 4 s, 640x360, H.264 in MP4 with the index first (a plain file source).
const { spawnSync } = require('node:child_process')
const { writeFileSync, mkdirSync } = require('node:fs')
const { join } = require('node:path')

const fixtures = join(__dirname, '..', 'fixtures')
const pattern = (size, rate, seconds) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}`, '-t', String(seconds)]
const jobs = {
  hls: {
    dir: 'hls-360p',
    keep: /^seg\d+\.ts$|\.m3u8$/,
    args: [
      ...pattern('640x360', 30, 6),
      ...['-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-b:v', '350k'],
      ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'],
      ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '0', '-hls_segment_filename', 'seg%d.ts', 'index.m3u8'],
    ],
  },
  vp8: {
    dir: 'vp8-360p',
    keep: /^stream\.ivf$/,
    args: [
      ...pattern('640x360', 30, 4),
      ...['-c:v', 'libvpx', '-b:v', '300k', '-g', '30', '-keyint_min', '30', '-deadline', 'realtime', '-cpu-used', '8'],
      ...['-f', 'ivf', 'stream.ivf'],
    ],
  },
  mjpeg: { dir: 'mjpeg-180p', keep: /^f\d+\.jpg$/, args: [...pattern('320x180', 10, 2), '-q:v', '10', 'f%02d.jpg'] },
  mp4: {
    dir: 'clip-360p',
    keep: /^clip\.mp4$/,
    args: [
      ...pattern('640x360', 30, 4),
      ...['-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-b:v', '300k', '-movflags', '+faststart', 'clip.mp4'],
    ],
  },
}

const job = process.argv[2]
if (!job) {
  // ffmpeg.wasm's single-threaded core runs one command per load: one child process per fixture.
  for (const name of Object.keys(jobs)) {
    const run = spawnSync(process.execPath, [__filename, name], { stdio: 'inherit' })
    if (run.status !== 0) process.exit(run.status ?? 1)
  }
} else {
  // Node 20's fetch makes the Emscripten loader fetch a file path; without it, the loader reads the file.
  delete globalThis.fetch
  const { createFFmpeg } = require('@ffmpeg/ffmpeg')
  const { dir, keep, args } = jobs[job]
  ;(async () => {
    const ffmpeg = createFFmpeg({ corePath: require.resolve('@ffmpeg/core-st'), mainName: 'main', log: false })
    await ffmpeg.load()
    await ffmpeg.run(...args)
    mkdirSync(join(fixtures, dir), { recursive: true })
    for (const file of ffmpeg.FS('readdir', '.')) {
      if (keep.test(file)) writeFileSync(join(fixtures, dir, file), ffmpeg.FS('readFile', file))
    }
    process.exit(0)
  })().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
