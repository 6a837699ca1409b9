import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// The baseline for the login route's JavaScript: React and React DOM rendering one element.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>Hello</p>
  </StrictMode>,
)
