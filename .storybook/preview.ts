import type { Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import { BREAKPOINTS } from '../packages/core/src/constants/breakpoints'
import '../packages/console-react/src/styles.css'
import '../packages/widgets/src/styles.css'
import './preview.css'

// Play functions' findBy… and waitFor wait up to 5 s (not 1), as the unit tests do (test/react-setup.ts): a lazy
// screen's first import is transformed on demand, which can take over a second on a busy two-core machine.
// Nothing here measures speed.
configure({ asyncUtilTimeout: 5000 })

/** Spec §9's breakpoints as viewports: a story picks one with `globals: { viewport: { value: 'sm' } }` (600 px). */
const viewports = Object.fromEntries(
  Object.entries(BREAKPOINTS).map(([band, width]) => [
    band,
    { name: `${width} px (${band})`, styles: { width: `${width}px`, height: '900px' }, type: 'desktop' },
  ]),
)

const preview: Preview = {
  parameters: {
    layout: 'padded',
    viewport: { options: viewports },
    // axe violations fail the story's test (`npm run test:storybook`), not only show in the a11y panel.
    // axe's media preload waits up to 10 s for a video's metadata, which a stream that is down never sends; the
    // rules it serves (autoplaying audio) do not apply to muted live video.
    a11y: { test: 'error', options: { preload: { assets: ['cssom'] } } },
  },
}

export default preview
