import type { Preview } from '@storybook/react-vite'
import '../packages/console-react/src/styles.css'
import '../packages/widgets/src/styles.css'
import './preview.css'

const preview: Preview = {
  parameters: { layout: 'padded' },
}

export default preview
