import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createPlanEditor, emptyMissionPlan } from '@honu/core/mission'
import { createOpenPlanSlot, OpenPlanContext, useOpenPlan, usePublishOpenPlan, type OpenPlan, type OpenPlanSlot } from './use-open-plan'

// The open plan shared inside a missions screen (issue 25): a plan panel publishes it, the maps beside it read it.

const openPlan = (name: string, canWrite = true): OpenPlan => ({ editor: createPlanEditor(emptyMissionPlan()), name, canWrite })

/** A map: shows the name of the open plan, or "none". */
function Reader({ id = 'reader' }: { id?: string }) {
  const plan = useOpenPlan()
  return <output data-testid={id}>{plan ? `${plan.name}${plan.canWrite ? '' : ' (read only)'}` : 'none'}</output>
}

/** A plan panel: publishes `plan` while mounted. */
function Publisher({ plan }: { plan: OpenPlan | undefined }) {
  usePublishOpenPlan(plan)
  return null
}

const shown = (id = 'reader') => screen.getByTestId(id).textContent

describe('useOpenPlan', () => {
  it('answers undefined outside a provider', () => {
    function Probe() {
      const plan = useOpenPlan()
      return <output data-testid="probe">{plan === undefined ? 'undefined' : typeof plan}</output>
    }
    render(<Probe />)
    expect(shown('probe')).toBe('undefined')
  })

  it('answers undefined in a provider whose slot is empty', () => {
    render(
      <OpenPlanContext.Provider value={createOpenPlanSlot()}>
        <Reader />
      </OpenPlanContext.Provider>,
    )
    expect(shown()).toBe('none')
  })

  it('publishing outside a provider does nothing and does not throw', () => {
    render(
      <>
        <Publisher plan={openPlan('Reef survey')} />
        <Reader />
      </>,
    )
    expect(shown()).toBe('none')
  })

  it('sees the plan a sibling publishes, and the editor is the very one published', () => {
    const plan = openPlan('Reef survey')
    const slot = createOpenPlanSlot()
    /** Whether the plan seen is the very object published, with its editor. */
    function Probe({ published }: { published: OpenPlan }) {
      const plan = useOpenPlan()
      return <output data-testid="probe">{String(plan === published && plan.editor === published.editor)}</output>
    }
    render(
      <OpenPlanContext.Provider value={slot}>
        <Reader />
        <Probe published={plan} />
        <Reader id="second" />
        <Publisher plan={plan} />
      </OpenPlanContext.Provider>,
    )
    expect(shown()).toBe('Reef survey')
    expect(shown('second')).toBe('Reef survey')
    expect(shown('probe')).toBe('true')
    expect(slot.get()).toBe(plan)
  })

  it('clears the plan when the publisher unmounts', () => {
    const slot = createOpenPlanSlot()
    const view = render(
      <OpenPlanContext.Provider value={slot}>
        <Reader />
        <Publisher plan={openPlan('Reef survey')} />
      </OpenPlanContext.Provider>,
    )
    expect(shown()).toBe('Reef survey')
    view.rerender(
      <OpenPlanContext.Provider value={slot}>
        <Reader />
      </OpenPlanContext.Provider>,
    )
    expect(shown()).toBe('none')
    expect(slot.get()).toBeUndefined()
  })

  it('clears the plan when the publisher is handed none, and shows the next one it is handed', () => {
    const slot = createOpenPlanSlot()
    const first = openPlan('Reef survey')
    const second = openPlan('Harbour', false)
    const tree = (plan: OpenPlan | undefined) => (
      <OpenPlanContext.Provider value={slot}>
        <Reader />
        <Publisher plan={plan} />
      </OpenPlanContext.Provider>
    )
    const view = render(tree(first))
    expect(shown()).toBe('Reef survey')
    view.rerender(tree(second))
    expect(shown()).toBe('Harbour (read only)')
    expect(slot.get()).toBe(second)
    view.rerender(tree(undefined))
    expect(shown()).toBe('none')
  })

  it('keeps a newer publisher when an older one unmounts', () => {
    const slot = createOpenPlanSlot()
    const older = openPlan('Older')
    const newer = openPlan('Newer')
    function Screen({ showOlder, showNewer }: { showOlder: boolean; showNewer: boolean }) {
      return (
        <OpenPlanContext.Provider value={slot}>
          <Reader />
          {showOlder && <Publisher plan={older} />}
          {showNewer && <Publisher plan={newer} />}
        </OpenPlanContext.Provider>
      )
    }
    const view = render(<Screen showOlder showNewer={false} />)
    expect(shown()).toBe('Older')
    view.rerender(<Screen showOlder showNewer />)
    expect(shown()).toBe('Newer')
    // The older panel goes: its clean-up finds the newer plan in the slot and leaves it.
    view.rerender(<Screen showOlder={false} showNewer />)
    expect(shown()).toBe('Newer')
    expect(slot.get()).toBe(newer)
    view.rerender(<Screen showOlder={false} showNewer={false} />)
    expect(shown()).toBe('none')
    expect(slot.get()).toBeUndefined()
  })

  it('keeps screens apart: each provider has a slot of its own', () => {
    render(
      <>
        <OpenPlanContext.Provider value={createOpenPlanSlot()}>
          <Reader id="a" />
          <Publisher plan={openPlan('Reef survey')} />
        </OpenPlanContext.Provider>
        <OpenPlanContext.Provider value={createOpenPlanSlot()}>
          <Reader id="b" />
        </OpenPlanContext.Provider>
      </>,
    )
    expect(shown('a')).toBe('Reef survey')
    expect(shown('b')).toBe('none')
  })
})

describe('createOpenPlanSlot', () => {
  it('starts empty, and tells listeners of a change only, until they stop', () => {
    const slot: OpenPlanSlot = createOpenPlanSlot()
    const plan = openPlan('Reef survey')
    let calls = 0
    const stop = slot.subscribe(() => calls++)
    expect(slot.get()).toBeUndefined()
    slot.set(plan)
    expect(slot.get()).toBe(plan)
    expect(calls).toBe(1)
    slot.set(plan)
    expect(calls).toBe(1)
    slot.set(undefined)
    expect(calls).toBe(2)
    stop()
    slot.set(plan)
    expect(calls).toBe(2)
    expect(slot.get()).toBe(plan)
  })
})
