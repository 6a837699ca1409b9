import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { WIDGET_TYPES } from '@honu/core/grid'
import { WidgetPlaceholder } from './widget-placeholder'

const meta = {
  title: 'Widgets/Placeholder',
  component: WidgetPlaceholder,
  argTypes: { type: { control: 'select', options: [...WIDGET_TYPES, 'Unknown'] } },
} satisfies Meta<typeof WidgetPlaceholder>

export default meta
type Story = StoryObj<typeof meta>

export const Video: Story = {
  args: { type: 'Video' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Video' })).toBeVisible()
    expect(canvas.getByText('Coming soon: A live video stream with its connection state.')).toBeInTheDocument()
  },
}
export const Map: Story = {
  args: { type: 'Map' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Map' })).toBeVisible()
    expect(canvas.getByText('Coming soon: Vehicles and devices of the tenant on a map.')).toBeInTheDocument()
  },
}
/** A type from a newer layout or a typo: named as text (never markup), and said to be unknown. */
export const UnknownType: Story = {
  args: { type: '<b>Radar</b>' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Unknown widget “<b>Radar</b>”' })).toBeVisible()
    expect(canvas.getByText('This widget type is not known to this console.')).toBeInTheDocument()
  },
}
