import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setVideoDefaults, useVideoSettings, VideoSettingsProvider } from './video-settings'

function WorkerPath() {
  return <p>{useVideoSettings().hls?.workerPath ?? 'none'}</p>
}

describe('video settings', () => {
  afterEach(() => setVideoDefaults({}))

  it('are none without a provider or page defaults', () => {
    render(<WorkerPath />)
    expect(screen.getByText('none')).toBeInTheDocument()
  })

  it('come from the page’s defaults for a host without React of its own (the custom element)', () => {
    setVideoDefaults({ hls: { workerPath: '/assets/hls.worker.js' } })
    render(<WorkerPath />)
    expect(screen.getByText('/assets/hls.worker.js')).toBeInTheDocument()
  })

  it('come from the nearest provider before the page’s defaults', () => {
    setVideoDefaults({ hls: { workerPath: '/assets/page.js' } })
    render(
      <VideoSettingsProvider value={{ hls: { workerPath: '/assets/provider.js' } }}>
        <WorkerPath />
      </VideoSettingsProvider>,
    )
    expect(screen.getByText('/assets/provider.js')).toBeInTheDocument()
  })
})
