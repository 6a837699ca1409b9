import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { StoryConsole, type StoryConsoleProps } from '../__fixtures__/story-console'
import { ConsoleShadowRoot } from './console-shadow-root'

const wes = { uid: 'wes', email: 'wes@honu.test', password: 'correct horse' }

/** The console as a React host isolates it: `<ConsoleShadowRoot><Console …/></ConsoleShadowRoot>`. */
function IsolatedStoryConsole(props: StoryConsoleProps) {
  return (
    <ConsoleShadowRoot style={{ minHeight: '100vh' }}>
      <StoryConsole {...props} />
    </ConsoleShadowRoot>
  )
}

const meta = {
  title: 'Console/Isolation/Shadow root',
  component: IsolatedStoryConsole,
  parameters: { layout: 'fullscreen' },
  args: {
    path: '/collaboration',
    signedInAs: wes,
    accounts: [wes],
    tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' },
    server: {
      'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'] } } },
      'GET /api/v1/tenants': { status: 200, body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] } },
      'GET /api/v1/videos': { status: 200, body: { data: [] } },
    },
  },
} satisfies Meta<typeof IsolatedStoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** A page's CSS of the kind that broke the console (global element rules, Tailwind-like resets), all !important. */
const HOSTILE = `
  body { color: rgb(200, 0, 0); font: italic 30px/3 serif; letter-spacing: 4px; text-transform: uppercase; text-align: center; }
  h1, h2 { color: rgb(255, 0, 0) !important; font-weight: 100 !important; margin: 40px !important; }
  button { all: unset !important; }
  a { text-decoration: none !important; color: inherit !important; }
  p { margin: 0 !important; }
  * { box-sizing: content-box !important; letter-spacing: 4px !important; }
`

/** Every element's computed style under `root`, in document order. */
function styles(root: Element): string[] {
  return [...root.querySelectorAll('*')].map((el) => {
    const style = getComputedStyle(el)
    return `${el.localName}.${el.className}|${[...style]
      .filter((p) => !p.startsWith('--'))
      .map((p) => `${p}:${style.getPropertyValue(p)}`)
      .join(';')}`
  })
}

function shadowOf(canvasElement: HTMLElement) {
  const host = canvasElement.querySelector('[data-honu-shadow-host]')!
  const shadow = host.shadowRoot!
  return { host, shadow, inner: shadow.querySelector('.honu-shadow-root')! as HTMLElement }
}

/**
 * The console renders inside an open shadow root with its sheets adopted; a hostile page sheet changes nothing in
 * it (every computed style equal, property by property), and the console's CSS (gridstack's rules included) does not
 * reach the page's own elements.
 */
export const HostCssStaysOut: Story = {
  play: async ({ canvasElement }) => {
    const { shadow, inner } = shadowOf(canvasElement)
    await within(inner).findByRole('heading', { level: 1, name: 'Collaboration' })
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThanOrEqual(3)
    expect(canvasElement.querySelector('.honu-console')).toBeNull()

    // The page's own elements, including a gridstack grid of its own.
    const pageGrid = document.createElement('div')
    pageGrid.className = 'grid-stack ui-resizable-resizing'
    pageGrid.innerHTML = '<div class="grid-stack-item"><div class="grid-stack-item-content">page</div></div><h1>Page</h1>'
    document.body.append(pageGrid)
    const hostile = new CSSStyleSheet()
    hostile.replaceSync(HOSTILE)
    const before = styles(inner)
    try {
      expect(getComputedStyle(pageGrid).position).toBe('static')
      expect(getComputedStyle(pageGrid.firstElementChild!).position).toBe('static')
      const pageH1 = getComputedStyle(pageGrid.querySelector('h1')!).color
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, hostile]
      // The sheet applies to the page…
      expect(getComputedStyle(pageGrid.querySelector('h1')!).color).not.toBe(pageH1)
      // …and to nothing in the console.
      const after = styles(inner)
      expect(after.length).toBeGreaterThan(20)
      expect(after.filter((line, i) => line !== before[i])).toEqual([])
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== hostile)
      pageGrid.remove()
    }
  },
}

/** Menus and dialogs open inside the shadow root and work from the keyboard; focus comes back to the button. */
export const MenusInside: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const { shadow, inner } = shadowOf(canvasElement)
    const view = within(inner)
    await view.findByRole('heading', { level: 1, name: 'Collaboration' })
    const account = view.getByRole('button', { name: `Account: ${wes.email}` })
    account.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await view.findByRole('menu')
    expect(inner.querySelector('.honu-layers')!.contains(menu)).toBe(true)
    await waitFor(() => expect(shadow.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Preferences' })))
    await userEvent.keyboard('{Enter}')
    const dialog = await view.findByRole('dialog', { name: 'Preferences' })
    expect(shadow.contains(dialog)).toBe(true)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(inner.contains(dialog)).toBe(false))
    await waitFor(() => expect(shadow.activeElement).toBe(account))
  },
}
