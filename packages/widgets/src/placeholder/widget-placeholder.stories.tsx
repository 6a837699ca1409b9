import type { Meta, StoryObj } from '@storybook/react-vite'
import { WIDGET_TYPES } from '@honu/core/grid'
import { WidgetPlaceholder } from './widget-placeholder'

const meta = {
  title: 'Widgets/Placeholder',
  component: WidgetPlaceholder,
  argTypes: { type: { control: 'select', options: [...WIDGET_TYPES, 'Unknown'] } },
} satisfies Meta<typeof WidgetPlaceholder>

export default meta
type Story = StoryObj<typeof meta>

export const Video: Story = { args: { type: 'Video' } }
export const Map: Story = { args: { type: 'Map' } }
export const UnknownType: Story = { args: { type: 'Radar' } }
