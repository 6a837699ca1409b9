import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

/** The 404 page (spec §2) for any path the console does not know. */
const meta = {
  title: 'Console/Screens/Not found',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/streamz' },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** Says there is nothing here, with the heading focused, and leads back into the console from the keyboard. */
export const NotFound: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { name: 'Page not found' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(canvas.getByRole('main')).toHaveTextContent('There is nothing at this address.')
    await userEvent.tab()
    expect(canvas.getByRole('link', { name: 'Go to the console' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible()
    expect(storyConsole().path).toBe('/login')
  },
}

/** NotFound in the light theme (axe checks its contrast too). */
export const NotFoundLight: Story = inLightTheme(NotFound)
