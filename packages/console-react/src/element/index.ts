// `@honu/console-react/element`: the <honu-console> custom element. This module is the light part (the element's
// class, attributes and properties, no React): importing it defines the element, and the console's code loads
// (`import()`) only when an element is connected, so a page that never places one loads none of it.
import type { WidgetRegistry } from '@honu/console-kit'
import type { MountedElement } from './mount-element'
import type { ConsoleArea } from '../navigation/console-area'

/** What `tokenProvider` returns: the host's current ID token, or `undefined` when nobody is signed in. */
export type HonuTokenProvider = (options?: { forceRefresh?: boolean }) => string | undefined | Promise<string | undefined>

/** The `detail` of the element's events. */
export interface HonuConsoleEventMap {
  /** A signed-out user is on a console route; the host shows its sign-in. `path`: the page path wanted. */
  'sign-in-required': CustomEvent<{ path: string }>
  /** The console's own "Sign out" was used (see the `sign-out` attribute). */
  'signed-out': CustomEvent<Record<string, never>>
  /** The console's route changed (`path`: the page path, base path included, with its query). */
  navigate: CustomEvent<{ path: string }>
  /** The console reported an error (`message`: its text, `error`: the value itself). */
  error: CustomEvent<{ message: string; error: unknown }>
}

/** The attributes the element reads (each also a property, in camelCase). */
export const HONU_CONSOLE_ATTRIBUTES = ['api-base', 'base-path', 'locale', 'theme', 'tenant', 'header', 'sign-out', 'memory-router'] as const

type Attribute = (typeof HONU_CONSOLE_ATTRIBUTES)[number]

/** The element's base class: `HTMLElement` in a browser, a stand-in where there is none (server rendering). */
const Base = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement

/**
 * `<honu-console api-base="https://api.example.com" base-path="/ops">`: the whole console in an open shadow root,
 * its styles adopted (constructable stylesheets: a CSP without `unsafe-inline` holds), isolated from the page's
 * CSS both ways. The host signs users in and hands the console their ID token through `tokenProvider`.
 *
 * Attributes (and properties): `api-base` (`apiBase`, required: the API's address), `base-path` (`basePath`: the
 * console's path in the page's address, default the site root), `locale` (`en-US`, `de-DE`), `theme` (`dark` or
 * `light`), `tenant` (a tenant id to open after sign-in), `header` (`full`, `no-user-menu`, `hidden`), `sign-out`
 * (`host`: the console's Sign out signs the host out via the `signed-out` event; `console`: only leaves the
 * console), `memory-router` (keep the console's route out of the address bar).
 * Properties: `tokenProvider` (set it again when the host's user changes: the console follows without a reload),
 * `widgets` (the dashboards' widget types, e.g. `() => import('@honu/widgets/registry').then((m) => m.widgetDefinitions)`),
 * `areas` (working areas besides the console's own, `defineArea`; set before the element is connected).
 * Events ({@link HonuConsoleEventMap}; they bubble and cross shadow roots): `sign-in-required`, `signed-out`,
 * `navigate`, `error`.
 */
export class HonuConsoleElement extends Base {
  static readonly observedAttributes = HONU_CONSOLE_ATTRIBUTES

  #tokenProvider: HonuTokenProvider | undefined
  #widgets: WidgetRegistry | (() => Promise<WidgetRegistry>) | undefined
  #areas: readonly ConsoleArea[] | undefined
  #mounted: MountedElement | undefined
  #loading: Promise<void> | undefined
  #connected = false

  /** The host's ID token source; `undefined` (or returning `undefined`): nobody is signed in. */
  get tokenProvider(): HonuTokenProvider | undefined {
    return this.#tokenProvider
  }
  set tokenProvider(value: HonuTokenProvider | undefined) {
    this.#tokenProvider = value
    this.#mounted?.authChanged()
  }

  /** The widget types the dashboards offer, or a function importing them (called after sign-in). */
  get widgets(): WidgetRegistry | (() => Promise<WidgetRegistry>) | undefined {
    return this.#widgets
  }
  set widgets(value: WidgetRegistry | (() => Promise<WidgetRegistry>) | undefined) {
    this.#widgets = value
    this.#mounted?.update()
  }

  /** Working areas besides the console's own (`defineArea`); read when the console mounts. */
  get areas(): readonly ConsoleArea[] | undefined {
    return this.#areas
  }
  set areas(value: readonly ConsoleArea[] | undefined) {
    this.#areas = value
    this.#mounted?.update()
  }

  get apiBase() {
    return this.getAttribute('api-base') ?? ''
  }
  set apiBase(value: string) {
    this.setAttribute('api-base', value)
  }
  get basePath() {
    return this.getAttribute('base-path') ?? ''
  }
  set basePath(value: string) {
    this.setAttribute('base-path', value)
  }
  get locale() {
    return this.getAttribute('locale') ?? undefined
  }
  set locale(value: string | undefined) {
    this.#set('locale', value)
  }
  get theme() {
    return this.getAttribute('theme') ?? undefined
  }
  set theme(value: string | undefined) {
    this.#set('theme', value)
  }
  get tenant() {
    return this.getAttribute('tenant') ?? undefined
  }
  set tenant(value: string | undefined) {
    this.#set('tenant', value)
  }
  get header() {
    return this.getAttribute('header') ?? undefined
  }
  set header(value: string | undefined) {
    this.#set('header', value)
  }
  get signOut() {
    return this.getAttribute('sign-out') ?? undefined
  }
  set signOut(value: string | undefined) {
    this.#set('sign-out', value)
  }
  get memoryRouter() {
    return this.hasAttribute('memory-router')
  }
  set memoryRouter(value: boolean) {
    this.toggleAttribute('memory-router', value)
  }

  #set(name: Attribute, value: string | undefined) {
    if (value === undefined || value === null) this.removeAttribute(name)
    else this.setAttribute(name, value)
  }

  constructor() {
    super()
    // A property set on the element before this class was defined (an upgrade) shadows the accessor: take it over.
    for (const name of ['tokenProvider', 'widgets', 'areas'] as const) {
      if (Object.prototype.hasOwnProperty.call(this, name)) {
        const value = (this as Record<string, unknown>)[name]
        delete (this as Record<string, unknown>)[name]
        ;(this as Record<string, unknown>)[name] = value
      }
    }
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' })
  }

  connectedCallback() {
    this.#connected = true
    if (this.#mounted || this.#loading) return
    this.#loading = import('./mount-element').then(
      ({ mountElement }) => {
        this.#loading = undefined
        if (this.#connected && !this.#mounted) this.#mounted = mountElement(this)
      },
      (error: unknown) => {
        this.#loading = undefined
        this.dispatchEvent(new CustomEvent('error', { bubbles: true, composed: true, detail: { message: String(error), error } }))
      },
    )
  }

  disconnectedCallback() {
    this.#connected = false
    // Moving the element (disconnected and connected in one task) keeps the console; removing it unmounts.
    queueMicrotask(() => {
      if (this.#connected || !this.#mounted) return
      this.#mounted.unmount()
      this.#mounted = undefined
    })
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null) {
    if (previous !== value) this.#mounted?.update(name as Attribute)
  }
}

/**
 * Defines the element under `tagName` (default `honu-console`) unless a definition exists; returns the class
 * defined under it. Importing `@honu/console-react/element` has already done it for `honu-console`.
 */
export function defineHonuConsole(tagName = 'honu-console'): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined
  const existing = customElements.get(tagName)
  if (existing) return existing
  // A subclass per extra name: a class can be defined only once.
  customElements.define(tagName, tagName === 'honu-console' ? HonuConsoleElement : class extends HonuConsoleElement {})
  return customElements.get(tagName)
}

defineHonuConsole()

declare global {
  interface HTMLElementTagNameMap {
    'honu-console': HonuConsoleElement
  }
}
