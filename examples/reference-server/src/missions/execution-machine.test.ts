import { describe, expect, it } from 'vitest'
import {
  commandAllowed,
  initialExecution,
  reduceExecution,
  type ExecutionEvent,
  type ExecutionSnapshot,
  type ExecutionStatus,
} from './execution-machine'

const at = (status: ExecutionStatus, changes: Partial<ExecutionSnapshot> = {}): ExecutionSnapshot => ({
  ...initialExecution(3, 0),
  status,
  ...(status === 'pending' || status === 'uploading' ? {} : { missionId: 7 }),
  ...changes,
})
const fail: ExecutionEvent = { type: 'failed', failure: 'upload-timeout', reason: 'no answer' }
const abort: ExecutionEvent = { type: 'aborted', action: 'return', reason: 'Aborted.' }

describe('the execution state machine', () => {
  // One row per transition of the diagram in execution-machine.ts, and the events each state ignores.
  it.each<[ExecutionStatus, ExecutionEvent, ExecutionStatus]>([
    ['pending', { type: 'start' }, 'uploading'],
    ['pending', abort, 'aborted'],
    ['uploading', { type: 'started' }, 'uploading'], // not before the vehicle accepted the mission
    ['uploading', fail, 'failed'],
    ['uploading', abort, 'aborted'],
    ['uploading', { type: 'paused' }, 'uploading'],
    ['uploading', { type: 'completed' }, 'uploading'],
    ['running', { type: 'paused' }, 'paused'],
    ['running', { type: 'resumed' }, 'running'],
    ['running', { type: 'completed' }, 'completed'],
    ['running', abort, 'aborted'],
    ['running', fail, 'failed'],
    ['running', { type: 'start' }, 'running'],
    ['paused', { type: 'resumed' }, 'running'],
    ['paused', { type: 'paused' }, 'paused'],
    ['paused', { type: 'completed' }, 'paused'],
    ['paused', abort, 'aborted'],
    ['completed', abort, 'completed'],
    ['completed', fail, 'completed'],
    ['aborted', { type: 'resumed' }, 'aborted'],
    ['failed', { type: 'start' }, 'failed'],
  ])('%s + %o → %s', (status, event, expected) => {
    expect(reduceExecution(at(status), event, 1).status).toBe(expected)
  })

  it('runs only once the vehicle has accepted the mission, and keeps its id', () => {
    let s = reduceExecution(initialExecution(3, 0), { type: 'start' }, 1)
    expect(s).toMatchObject({ status: 'uploading', step: 'upload', uploadedItems: 0 })
    s = reduceExecution(s, { type: 'upload-progress', uploadedItems: 2 }, 2)
    expect(s.uploadedItems).toBe(2)
    s = reduceExecution(s, { type: 'uploaded', missionId: 41 }, 3)
    expect(s).toMatchObject({ status: 'uploading', missionId: 41, uploadedItems: 3, step: undefined })
    s = reduceExecution(s, { type: 'step', step: 'arm' }, 4)
    s = reduceExecution(s, { type: 'started' }, 5)
    expect(s).toMatchObject({ status: 'running', missionId: 41, step: undefined, updatedAt: 5 })
  })

  it('counts progress once the mission is accepted: the current item, and each reached item once', () => {
    const before = at('uploading')
    expect(reduceExecution(before, { type: 'progress', reachedItem: 0 }, 1)).toBe(before)
    let s = at('running')
    s = reduceExecution(s, { type: 'progress', currentItem: 1, reachedItem: 0 }, 1)
    s = reduceExecution(s, { type: 'progress', reachedItem: 0 }, 2)
    s = reduceExecution(s, { type: 'progress', reachedItem: 1 }, 3)
    expect(s).toMatchObject({ currentItem: 1, reachedItems: [0, 1], updatedAt: 3 })
  })

  it('returns the same snapshot for an event that changes nothing (subscribers compare by identity)', () => {
    const s = at('running', { currentItem: 2, reachedItems: [0, 1] })
    expect(reduceExecution(s, { type: 'progress', currentItem: 2, reachedItem: 1 }, 9)).toBe(s)
    expect(reduceExecution(s, { type: 'resumed' }, 9)).toBe(s)
    const done = at('completed')
    expect(reduceExecution(done, fail, 9)).toBe(done)
  })

  it('keeps why it failed or was aborted, and how an abort left the vehicle', () => {
    expect(reduceExecution(at('uploading', { step: 'upload' }), fail, 1)).toMatchObject({
      status: 'failed',
      failure: 'upload-timeout',
      reason: 'no answer',
      step: undefined,
    })
    expect(reduceExecution(at('paused'), abort, 1)).toMatchObject({ status: 'aborted', abortAction: 'return', reason: 'Aborted.' })
  })

  it('allows pause only while running, resume only while paused, neither while a command waits; abort until the end', () => {
    expect(commandAllowed(at('running'), 'pause')).toBe(true)
    expect(commandAllowed(at('paused'), 'resume')).toBe(true)
    expect(commandAllowed(at('paused'), 'pause')).toMatch(/Only a running execution can be paused; this one is paused/)
    expect(commandAllowed(at('running'), 'resume')).toMatch(/Only a paused execution can be resumed/)
    expect(commandAllowed(at('running', { step: 'hold' }), 'pause')).toMatch(/not yet acknowledged the last command \(hold\)/)
    expect(commandAllowed(at('uploading'), 'abort')).toBe(true)
    expect(commandAllowed(at('running', { step: 'hold' }), 'abort')).toBe(true)
    expect(commandAllowed(at('running', { step: 'return' }), 'abort')).toMatch(/already being aborted/)
    expect(commandAllowed(at('completed'), 'abort')).toMatch(/has ended \(completed\)/)
  })
})
