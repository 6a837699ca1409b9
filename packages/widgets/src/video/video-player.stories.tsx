import type { Meta, StoryObj } from '@storybook/react-vite'
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

/**
 * Against the reference server (`pnpm server`, emulator mode): the seeded live stream of Alpha, with a demo
 * user's token sent to the API's origin. Take it down with `curl -X POST localhost:8080/media/test/alpha-bow/down`
 * (server started with HONU_MEDIA_TEST_CONTROLS=1) to see it fail, retry with backoff and come back by itself.
 */
export const LiveHls: Story = {
  args: { src: '/media/alpha/alpha-bow/index.m3u8', base: 'http://127.0.0.1:8080', credentials: remy, title: 'Bow camera' },
}

/** The same stream without credentials: the server answers 401, and the player says to sign in again. */
export const SignedOut: Story = { args: { src: '/media/alpha/alpha-bow/index.m3u8', base: 'http://127.0.0.1:8080', title: 'Bow camera' } }

/** An address that is not http(s) or blob: refused with a message, never handed to the video element. */
export const RefusedSource: Story = { args: { src: 'javascript:alert(1)', title: 'Bow camera' } }

/** A source nobody answers: the failed state, the retry countdown and "Retry now". */
export const UnreachableSource: Story = { args: { src: 'http://127.0.0.1:9/nowhere/index.m3u8', title: 'Lost camera' } }
