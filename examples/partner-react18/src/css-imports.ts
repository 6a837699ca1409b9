// Checked by `npm run check` (tsconfig.css-check.json): the packages' CSS imports type-check outside Vite.
import '@honu/console-react/styles.css'
import '@honu/widgets/styles.css'
