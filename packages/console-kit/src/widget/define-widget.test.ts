import { describe, expect, it, vi } from 'vitest'
import { defineWidget, invalidWidgetData, readWidgetData } from './define-widget'

type NoteV2 = { note: string }
const parse = (data: unknown): NoteV2 => {
  const note = (data as { note?: unknown } | undefined)?.note
  if (typeof note !== 'string') throw invalidWidgetData('note', 'must be text')
  return { note }
}
const notes = (migrate = vi.fn((data: unknown, from: number) => (from === 1 ? { note: (data as { text: string }).text } : data))) => ({
  migrate,
  definition: defineWidget<NoteV2>({
    type: 'acme.notes',
    title: 'Notes',
    description: 'A note.',
    icon: () => null,
    load: async () => ({ default: () => null }),
    parse,
    version: 2,
    migrate,
  }),
})

describe('readWidgetData', () => {
  it('migrates data stored by an older version, then parses it', () => {
    const { definition, migrate } = notes()
    expect(readWidgetData(definition, { data: { text: 'hi' }, dataVersion: 1 })).toEqual({ note: 'hi' })
    expect(migrate).toHaveBeenCalledWith({ text: 'hi' }, 1)
  })

  it('reads data stored before the type had versions as version 1', () => {
    const { definition } = notes()
    expect(readWidgetData(definition, { data: { text: 'old' } })).toEqual({ note: 'old' })
  })

  it("parses data of the definition's own version without migrating it", () => {
    const { definition, migrate } = notes()
    expect(readWidgetData(definition, { data: { note: 'now' }, dataVersion: 2 })).toEqual({ note: 'now' })
    expect(migrate).not.toHaveBeenCalled()
  })

  it('a widget just added (no data) is parsed as it is: there is nothing to migrate', () => {
    const { definition, migrate } = notes()
    expect(() => readWidgetData(definition, { dataVersion: 1 })).toThrow('note must be text')
    expect(migrate).not.toHaveBeenCalled()
  })

  it('what migrate or parse throws reaches the caller (the dashboard shows it in the widget)', () => {
    const { definition } = notes(vi.fn(() => ({})))
    expect(() => readWidgetData(definition, { data: { text: 1 }, dataVersion: 1 })).toThrow('This widget’s data cannot be read: note must be text.')
  })

  it('a definition without a version or migrate only parses', () => {
    const { definition } = notes()
    const plain = { ...definition, version: undefined, migrate: undefined }
    expect(readWidgetData(plain, { data: { note: 'x' }, dataVersion: 3 })).toEqual({ note: 'x' })
  })
})
