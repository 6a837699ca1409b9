import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { defineArea } from '../navigation/console-area'
import { ConsoleShadowRoot } from '../shadow/console-shadow-root'
import { useAreaStyleSheets } from './area-style-sheets'

// An area's style sheet as the working layout adopts it (useAreaStyleSheets), in a real browser: jsdom has no
// constructable style sheets.
const notes = defineArea({ key: 'story.notes', styleSheet: '.story-notes { border-inline-start: 4px solid rgb(255, 140, 0); }' })
const AREAS = [notes, defineArea({ key: 'story.plain' })]

/** What a working layout does with the areas: adopts their sheets where it renders, while it is mounted. */
function Layout({ label }: { label: string }) {
  const [layer, setLayer] = useState<HTMLElement | null>(null)
  useAreaStyleSheets(layer, AREAS)
  return (
    <p ref={setLayer} className="story-notes">
      {label}
    </p>
  )
}

/** Two consoles' layouts on one page, each shown or hidden by its own button. */
function TwoLayouts({ isolated }: { isolated: boolean }) {
  const [first, setFirst] = useState(true)
  const [second, setSecond] = useState(false)
  const layouts = (
    <>
      {first && <Layout label="First console" />}
      {second && <Layout label="Second console" />}
    </>
  )
  return (
    <main>
      <button type="button" onClick={() => setFirst(!first)}>
        Toggle the first console
      </button>
      <button type="button" onClick={() => setSecond(!second)}>
        Toggle the second console
      </button>
      {isolated ? <ConsoleShadowRoot>{layouts}</ConsoleShadowRoot> : layouts}
    </main>
  )
}

const meta = {
  title: 'Console/Areas/Style sheets',
  component: TwoLayouts,
  args: { isolated: false },
} satisfies Meta<typeof TwoLayouts>
export default meta
type Story = StoryObj<typeof meta>

const areaSheets = (root: Document | ShadowRoot) =>
  root.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('.story-notes')))
const border = (element: Element) => getComputedStyle(element).borderInlineStartColor

/** On the page: adopted while a layout shows, one sheet for two consoles, kept until the last one goes. */
export const OnThePage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(border(canvas.getByText('First console'))).toBe('rgb(255, 140, 0)')
    await expect(areaSheets(document)).toHaveLength(1)
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle the second console' }))
    await expect(areaSheets(document)).toHaveLength(1)
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle the first console' }))
    await expect(areaSheets(document)).toHaveLength(1)
    await expect(border(canvas.getByText('Second console'))).toBe('rgb(255, 140, 0)')
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle the second console' }))
    await expect(areaSheets(document)).toHaveLength(0)
  },
}

/** In the console's shadow root: adopted there, not by the page. */
export const InAShadowRoot: Story = {
  args: { isolated: true },
  play: async ({ canvasElement }) => {
    const shadow = await waitFor(() => canvasElement.querySelector('[data-honu-shadow-host]')!.shadowRoot!)
    await waitFor(() => expect(areaSheets(shadow)).toHaveLength(1))
    await expect(areaSheets(document)).toHaveLength(0)
    await expect(border(shadow.querySelector('.story-notes')!)).toBe('rgb(255, 140, 0)')
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Toggle the first console' }))
    await expect(areaSheets(shadow)).toHaveLength(0)
  },
}
