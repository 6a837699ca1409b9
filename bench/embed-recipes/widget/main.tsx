import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { VideoPlayer } from '@honu/widgets'
import '@honu/widgets/styles.css'

// Recipe 3, a single widget: one VideoPlayer, no console (hls.js loads on the first HLS source).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <VideoPlayer src="https://cams.example.com/bow/index.m3u8" title="Bow camera" />
  </StrictMode>,
)
