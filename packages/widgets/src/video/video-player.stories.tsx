/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import clip from '../../../../examples/reference-server/fixtures/clip-360p/clip.mp4?url'
import type { MediaCredentials } from './media-credentials'
import { VideoPlayer } from './video-player'

const meta = {
  title: 'Widgets/VideoPlayer',
  component: VideoPlayer,
  decorators: [
    (Story) => (
      <div style={{ width: 480, height: 270 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VideoPlayer>

export default meta
type Story = StoryObj<typeof meta>

/** Signs in to the Auth emulator as a demo user (Remy, reader in Alpha), as the console would. */
const remy: MediaCredentials = {
  async idToken() {
    const response = await fetch('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=story', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'remy@honu.test', password: 'honu-demo-1', returnSecureToken: true }),
    })
    return ((await response.json()) as { idToken?: string }).idToken
  },
}

/** The reference server's recorded clip, served by Vite: a source that really plays, with no server running. */
export const RecordedClip: Story = {
  args: { src: clip, title: 'Slipway camera' },
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(canvasElement.querySelector('.honu-video')).toHaveAttribute('data-state', 'playing'), { timeout: 15_000 })
    await expect(canvas.getByText('Live')).toBeVisible()
    expect(canvas.getByLabelText('Slipway camera').tagName).toBe('VIDEO')
  },
}

/**
 * Against the reference server (`pnpm server`, emulator mode): the seeded live stream of Alpha, with a demo
 * user's token sent to the API's origin. Take it down with `curl -X POST localhost:8080/media/test/alpha-bow/down`
 * (server started with HONU_MEDIA_TEST_CONTROLS=1) to see it fail, retry with backoff and come back by itself.
 */
export const LiveHls: Story = {
  args: { src: '/media/alpha/alpha-bow/index.m3u8', base: 'http://127.0.0.1:8080', credentials: remy, title: 'Bow camera' },
  // A demo against a running server, not a test: the story tests run with no server (the browser tests cover it).
  tags: ['!test'],
}

/** The same stream without credentials: the server answers 401, and the player says to sign in again. */
export const SignedOut: Story = {
  args: { src: '/media/alpha/alpha-bow/index.m3u8', base: 'http://127.0.0.1:8080', title: 'Bow camera' },
  // Needs the reference server's 401, as LiveHls needs the server: a demo, not a test.
  tags: ['!test'],
}

/** An address that is not http(s) or blob: refused with a message, never handed to the video element. */
export const RefusedSource: Story = {
  args: { src: 'javascript:alert(1)', title: 'Bow camera' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^This source cannot be played: its address starts with “javascript:”/)).toBeVisible()
    expect(canvas.getByLabelText('Bow camera')).not.toHaveAttribute('src')
  },
}

/** A source nobody answers: the failed state, the retry countdown and "Retry now". */
export const UnreachableSource: Story = {
  args: { src: 'http://127.0.0.1:9/nowhere/index.m3u8', title: 'Lost camera' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(await canvas.findByText(/The stream cannot be reached\./, {}, { timeout: 10_000 })).toBeVisible()
    expect(canvas.getByText(/Retrying in \d+/)).toBeInTheDocument()
    expect(canvasElement.querySelector('.honu-video')).toHaveAttribute('data-state', 'failed')
    const attempt = Number(canvasElement.querySelector('.honu-video')?.getAttribute('data-attempt'))
    await userEvent.click(canvas.getByRole('button', { name: 'Retry now' }))
    await waitFor(() => expect(Number(canvasElement.querySelector('.honu-video')?.getAttribute('data-attempt'))).toBeGreaterThan(attempt), {
      timeout: 10_000,
    })
  },
}
