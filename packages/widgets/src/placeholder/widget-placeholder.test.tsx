import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WIDGET_TYPES } from '@honu/core/grid'
import { expectNoAxeViolations } from '../../../../test/axe'
import { getWidgetDefinition, widgetDefinitions } from '../registry'
import { WidgetPlaceholder } from './widget-placeholder'

describe('widget registry', () => {
  it('defines every widget type of the spec', () => {
    expect(widgetDefinitions.map((d) => d.type).sort()).toEqual([...WIDGET_TYPES].sort())
  })
  it('answers undefined for unknown and inherited names', () => {
    expect(getWidgetDefinition('toString')).toBeUndefined()
    expect(getWidgetDefinition('Radar')).toBeUndefined()
  })
})

describe('WidgetPlaceholder', () => {
  it.each(WIDGET_TYPES)('says what the %s widget will show, without axe violations', async (type) => {
    const view = render(<WidgetPlaceholder type={type} />)
    const definition = getWidgetDefinition(type)!
    expect(screen.getByRole('heading')).toHaveTextContent(definition.title)
    expect(screen.getByText(/Coming soon:/)).toHaveTextContent(definition.description)
    await expectNoAxeViolations(view.container)
  })
  it('renders an unknown type, even one that looks like HTML, as text', () => {
    render(<WidgetPlaceholder type={'<img src=x onerror=alert(1)>'} />)
    expect(screen.getByRole('heading')).toHaveTextContent('Unknown widget “<img src=x onerror=alert(1)>”')
    expect(document.querySelector('img')).toBeNull()
  })
})
