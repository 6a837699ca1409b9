import { createRoot } from 'react-dom/client'
import { VideoPlayer } from '@honu/widgets'
import '@honu/widgets/styles.css'
import hlsWorkerPath from 'hls.js/dist/hls.worker.js?url'

/** `count` tiles of the live 360p fixture, each its own stream, in a grid that fits the viewport. */
function Tiles({ count, media }: { count: number; media: string }) {
  const columns = Math.ceil(Math.sqrt(count))
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 4, height: '100vh' }}>
      {Array.from({ length: count }, (_, i) => (
        <VideoPlayer key={i} src={`${media}/media/bench/bench-${i}/index.m3u8`} title={`Tile ${i + 1}`} hls={{ workerPath: hlsWorkerPath }} />
      ))}
    </div>
  )
}

const params = new URLSearchParams(location.search)
const longTasks: number[] = []
new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true })

createRoot(document.getElementById('root')!).render(<Tiles count={Number(params.get('tiles') ?? 4)} media={params.get('media') ?? ''} />)

/** Frames and long tasks over `seconds`, once every tile plays. */
async function measure(seconds: number) {
  const videos = () => [...document.querySelectorAll('video')]
  const quality = () => videos().map((v) => v.getVideoPlaybackQuality())
  const start = quality()
  longTasks.length = 0
  const t0 = performance.now()
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  const end = quality()
  const elapsed = (performance.now() - t0) / 1000
  let total = 0
  let dropped = 0
  end.forEach((q, i) => {
    total += q.totalVideoFrames - (start[i]?.totalVideoFrames ?? 0)
    dropped += q.droppedVideoFrames - (start[i]?.droppedVideoFrames ?? 0)
  })
  const playing = document.querySelectorAll('.honu-video[data-state="playing"]').length
  return {
    tiles: videos().length,
    playing,
    total,
    dropped,
    fps: total / elapsed / videos().length,
    longTasks: longTasks.length,
    longTaskMs: longTasks.reduce((a, b) => a + b, 0),
  }
}

Object.assign(window, { measure })
