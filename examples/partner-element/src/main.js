/* global document, location, window */
// The portal: plain JavaScript, no React. It has its own sign-in (here the Auth emulator's REST API; in a real
// portal its identity provider), and places <honu-console> only on /ops pages. Importing the element's entry only
// defines the element; the console's code loads when one is placed.
import '@honu/console-react/element'
import hlsWorkerPath from 'hls.js/dist/hls.worker.js?url'
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { currentToken, onAuthChange, signIn, signOut } from './portal-auth.js'

const API = import.meta.env.VITE_HONU_API ?? 'http://127.0.0.1:8080'
const path = location.pathname
const show = (id) => (document.getElementById(id).hidden = false)

const signOutButton = document.getElementById('portal-sign-out')
signOutButton.hidden = !currentToken()
signOutButton.addEventListener('click', () => signOut())
onAuthChange((token) => (signOutButton.hidden = !token))

if (path.startsWith('/ops')) {
  show('ops')
  const element = document.createElement('honu-console')
  element.setAttribute('api-base', API)
  element.setAttribute('base-path', '/ops')
  element.setAttribute('tenant', 'alpha')
  element.setAttribute('header', 'no-user-menu')
  // The host's token: the console asks for it on every call, and follows when it changes (set it again).
  element.tokenProvider = currentToken() ? () => currentToken() : undefined
  onAuthChange((token) => (element.tokenProvider = token ? () => currentToken() : undefined))
  // The widgets load after sign-in; hls.js's and MapLibre's workers are files of the portal (the CSP allows no
  // blob: worker).
  element.widgets = async () => {
    const [{ widgetDefinitions }, { setMapDefaults, setVideoDefaults }] = await Promise.all([
      import('@honu/widgets/registry'),
      import('@honu/widgets'),
    ])
    setVideoDefaults({ hls: { workerPath: hlsWorkerPath } })
    setMapDefaults({ workerUrl: maplibreWorkerUrl })
    return widgetDefinitions
  }
  element.addEventListener('sign-in-required', (event) => {
    location.assign(`/signin?returnTo=${encodeURIComponent(event.detail.path)}`)
  })
  element.addEventListener('signed-out', () => signOut())
  element.addEventListener('navigate', (event) => {
    document.title = `Operations ${event.detail.path} – Partner portal`
  })
  element.addEventListener('error', (event) => {
    window.portalErrors = [...(window.portalErrors ?? []), event.detail.message]
  })
  document.getElementById('ops').append(element)
} else if (path === '/signin') {
  show('sign-in')
  const form = document.getElementById('sign-in-form')
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const data = new FormData(form)
    try {
      await signIn(String(data.get('email')), String(data.get('password')))
      const returnTo = new URLSearchParams(location.search).get('returnTo')
      // Only a path of this portal.
      location.assign(returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/ops/streams')
    } catch (error) {
      document.getElementById('sign-in-error').textContent = error.message
    }
  })
} else {
  show('home')
}
