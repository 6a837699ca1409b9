import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as MountModule from './mount-element'

const mounted = { update: vi.fn(), authChanged: vi.fn(), unmount: vi.fn() }
const mountElement = vi.fn(() => mounted)
vi.mock('./mount-element', () => ({ mountElement }))

const { HonuConsoleElement, defineHonuConsole } = await import('./index')
const { userFromIdToken } = await vi.importActual<typeof MountModule>('./mount-element')

/** Lets the element's dynamic import and microtasks settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.body.replaceChildren()
  vi.clearAllMocks()
})

describe('<honu-console> (the light entry)', () => {
  it('importing the entry defines the element, with an open shadow root and no console code loaded', async () => {
    expect(customElements.get('honu-console')).toBe(HonuConsoleElement)
    const element = document.createElement('honu-console')
    expect(element.shadowRoot?.mode).toBe('open')
    await settle()
    expect(mountElement).not.toHaveBeenCalled()
  })

  it('loads and mounts the console when connected, once; unmounts when removed', async () => {
    const element = document.createElement('honu-console')
    element.setAttribute('api-base', 'https://api.example.com')
    document.body.append(element)
    document.body.append(element) // moved: still one console
    await settle()
    expect(mountElement).toHaveBeenCalledTimes(1)
    expect(mountElement).toHaveBeenCalledWith(element)
    element.remove()
    await settle()
    expect(mounted.unmount).toHaveBeenCalledTimes(1)
  })

  it('passes attribute and property changes on to the mounted console', async () => {
    const element = document.createElement('honu-console')
    document.body.append(element)
    await settle()
    element.setAttribute('locale', 'de-DE')
    expect(mounted.update).toHaveBeenLastCalledWith('locale')
    element.theme = 'light'
    expect(element.getAttribute('theme')).toBe('light')
    expect(mounted.update).toHaveBeenLastCalledWith('theme')
    element.tokenProvider = () => 'token'
    expect(mounted.authChanged).toHaveBeenCalledTimes(1)
    element.memoryRouter = true
    expect(element.hasAttribute('memory-router')).toBe(true)
    expect(element.apiBase).toBe('')
  })

  it('keeps a tokenProvider set before the element was defined (an upgrade)', () => {
    const early = document.createElement('honu-console-late')
    const provider = () => 'token'
    Object.assign(early, { tokenProvider: provider })
    defineHonuConsole('honu-console-late')
    customElements.upgrade(early)
    expect(early).toBeInstanceOf(HonuConsoleElement)
    expect((early as InstanceType<typeof HonuConsoleElement>).tokenProvider).toBe(provider)
    expect(Object.prototype.hasOwnProperty.call(early, 'tokenProvider')).toBe(false)
  })
})

describe('userFromIdToken', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`

  it("reads the user from the token's claims", () => {
    expect(userFromIdToken(token({ user_id: 'ada', sub: 'ada', email: 'ada@honu.test', name: 'Ada' }))).toEqual({
      uid: 'ada',
      email: 'ada@honu.test',
      displayName: 'Ada',
    })
    expect(userFromIdToken(token({ sub: 'bob' }))).toEqual({ uid: 'bob', email: null, displayName: null })
  })

  it('no token, or one without a subject or not a JWT: nobody', () => {
    expect(userFromIdToken(undefined)).toBeUndefined()
    expect(userFromIdToken(token({ email: 'x@y.z' }))).toBeUndefined()
    expect(userFromIdToken('not-a-jwt')).toBeUndefined()
  })
})
