import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { VideoPlayer } from '@honu/widgets'
import '@honu/widgets/styles.css'
import { idToken, signIn } from './auth.js'
import './page.css'

// The Honu API the stream is on; the player sends the viewer's token to this origin only.
const API = import.meta.env.VITE_HONU_API ?? 'http://127.0.0.1:8080'
// A stream the reference server serves (its seeded Alpha Harbour tenant's bow camera), as HLS.
const SOURCE = '/media/alpha/alpha-bow/index.m3u8'
const credentials = { idToken }

function SignIn({ onSignedIn }) {
  const [error, setError] = useState('')
  async function submit(event) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    try {
      onSignedIn(await signIn(String(form.get('email')), String(form.get('password'))))
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  return (
    <form onSubmit={submit} className="sign-in">
      <label>
        E-mail <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit">Sign in</button>
      {error && <p role="alert">{error}</p>}
    </form>
  )
}

function App() {
  const [user, setUser] = useState()
  return (
    <main>
      <h1>Bow camera</h1>
      {user ? (
        <>
          <p data-user>{user}</p>
          <div className="camera">
            <VideoPlayer src={SOURCE} base={API} credentials={credentials} title="Bow camera" />
          </div>
        </>
      ) : (
        <SignIn onSignedIn={setUser} />
      )}
    </main>
  )
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
