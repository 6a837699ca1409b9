import type { Preview } from '@storybook/react-vite'
import '../packages/console-react/src/styles.css'
import '../packages/widgets/src/styles.css'
import './preview.css'

const preview: Preview = {
  parameters: {
    layout: 'padded',
    // axe violations fail the story's test (`npm run test:storybook`), not only show in the a11y panel.
    // axe's media preload waits up to 10 s for a video's metadata, which a stream that is down never sends; the
    // rules it serves (autoplaying audio) do not apply to muted live video.
    a11y: { test: 'error', options: { preload: { assets: ['cssom'] } } },
  },
}

export default preview
