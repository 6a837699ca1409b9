import { Navigate } from 'react-router'
import { VideoPlayer } from '@honu/widgets'
import '@honu/widgets/styles.css'
import * as auth from './host-auth'

const API: string = import.meta.env.VITE_HONU_API ?? 'http://127.0.0.1:8080'
const credentials = { idToken: () => auth.getToken() }

/** A portal page with one live camera, from @honu/widgets alone (no console around it). */
export function VideoPage() {
  if (!auth.currentUser()) return <Navigate to="/signin?returnTo=%2Fvideo" replace />
  return (
    <section className="max-w-3xl space-y-3">
      <h2 className="text-2xl">Bow camera</h2>
      <div className="aspect-video">
        <VideoPlayer src="/media/alpha/alpha-bow/index.m3u8" base={API} credentials={credentials} title="Bow camera" />
      </div>
    </section>
  )
}
