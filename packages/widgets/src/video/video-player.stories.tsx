import type { Meta, StoryObj } from '@storybook/react-vite'
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

/**
 * Against the reference server (`pnpm server`): the seeded live stream. Take it down with
 * `curl -X POST localhost:8080/media/test/alpha-bow/down` (server started with HONU_MEDIA_TEST_CONTROLS=1) to see
 * it fail, retry with backoff and come back by itself.
 */
export const LiveHls: Story = { args: { src: 'http://127.0.0.1:8080/media/live/alpha-bow/index.m3u8', title: 'Bow camera' } }

/** A source nobody answers: the failed state, the retry countdown and "Retry now". */
export const UnreachableSource: Story = { args: { src: 'http://127.0.0.1:9/nowhere/index.m3u8', title: 'Lost camera' } }
