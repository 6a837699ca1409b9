import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'

// The baseline of recipe 1: the same portal with its data router and no console.
const router = createBrowserRouter([{ path: '/', element: <p>Portal home</p> }])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
