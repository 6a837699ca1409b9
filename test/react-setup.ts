import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor wait up to 5 s (not 1): a lazy screen's first import is transformed on demand, which can take
// over a second while the whole project runs on a busy two-core machine. Nothing here measures speed.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())

// jsdom reports Apple's navigator.vendor, so Floating UI takes it for Safari and gives its focus guards the button
// role it needs only for VoiceOver there (axe then asks them for a name). Report Chromium's, where the browser
// tests run and the guards are aria-hidden.
Object.defineProperty(navigator, 'vendor', { value: 'Google Inc.', configurable: true })
