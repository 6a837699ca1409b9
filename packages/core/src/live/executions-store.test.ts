import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '../client/create-console-client'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { getLiveClient } from './create-live-client'
import { createExecutionsStore, getExecutionsStore, orderExecutions, pickExecution } from './executions-store'
import type { LiveTopicUpdate } from './live-channel'
import type { MissionExecutionState } from './protocol'

function fakeChannel() {
  const topics = new Map<string, Set<(update: LiveTopicUpdate) => void>>()
  return {
    topics,
    subscribeTopic(topic: string, listener: (update: LiveTopicUpdate) => void) {
      const set = topics.get(topic) ?? new Set()
      set.add(listener)
      topics.set(topic, set)
      return () => {
        set.delete(listener)
        if (set.size === 0) topics.delete(topic)
      }
    },
    emit(topic: string, update: LiveTopicUpdate) {
      for (const listener of [...(topics.get(topic) ?? [])]) listener(update)
    },
  }
}

const execution = (over: Partial<MissionExecutionState> = {}): MissionExecutionState => ({
  executionId: 'exec-1',
  organisationId: 'org-honu',
  missionId: 'mis-north',
  platformId: 'plat-kahu',
  status: 'running',
  itemCount: 4,
  uploadedItems: 4,
  currentItem: 1,
  reachedItems: [0],
  progress: 0.25,
  startedAt: 1_000,
  updatedAt: 2_000,
  ...over,
})

const TOPIC = 'organisations/org-honu/executions'

describe('createExecutionsStore', () => {
  it('holds the topic only while it has listeners, loading until the snapshot', () => {
    const channel = fakeChannel()
    const store = createExecutionsStore({ channel, organisationId: 'org-honu', logger: { warn: vi.fn(), error: vi.fn() } })
    expect(store.getSnapshot()).toEqual({ organisationId: 'org-honu', status: 'idle', executions: {} })
    expect(channel.topics.size).toBe(0)
    const stopA = store.subscribe(() => {})
    const stopB = store.subscribe(() => {})
    expect([...channel.topics.keys()]).toEqual([TOPIC])
    expect(channel.topics.get(TOPIC)!.size).toBe(1)
    expect(store.getSnapshot().status).toBe('loading')
    stopA()
    expect(channel.topics.size).toBe(1)
    stopB()
    expect(channel.topics.size).toBe(0)
  })

  it('takes the snapshot whole, then merges deltas by execution id', () => {
    const channel = fakeChannel()
    const store = createExecutionsStore({ channel, organisationId: 'org-honu', logger: { warn: vi.fn(), error: vi.fn() } })
    const listener = vi.fn()
    store.subscribe(listener)
    channel.emit(TOPIC, {
      kind: 'event',
      snapshot: true,
      data: { executions: [execution(), execution({ executionId: 'exec-0', status: 'completed' })] },
    })
    expect(store.getSnapshot().status).toBe('live')
    expect(Object.keys(store.getSnapshot().executions).sort()).toEqual(['exec-0', 'exec-1'])
    const before = store.getSnapshot()
    channel.emit(TOPIC, { kind: 'event', snapshot: false, data: { executions: [execution({ status: 'paused', updatedAt: 3_000 })] } })
    const after = store.getSnapshot()
    expect(after).not.toBe(before)
    expect(after.executions['exec-1']!.status).toBe('paused')
    expect(after.executions['exec-0']).toBe(before.executions['exec-0'])
    expect(listener).toHaveBeenCalledTimes(2)
    // A new snapshot (after a reconnect) replaces everything.
    channel.emit(TOPIC, { kind: 'event', snapshot: true, data: { executions: [execution({ executionId: 'exec-2' })] } })
    expect(Object.keys(store.getSnapshot().executions)).toEqual(['exec-2'])
  })

  it("keeps only its own organisation's executions, and one store per organisation hears only its topic", () => {
    const channel = fakeChannel()
    const logger = { warn: vi.fn(), error: vi.fn() }
    const honu = createExecutionsStore({ channel, organisationId: 'org-honu', logger })
    const kai = createExecutionsStore({ channel, organisationId: 'org-kai', logger })
    honu.subscribe(() => {})
    kai.subscribe(() => {})
    expect([...channel.topics.keys()].sort()).toEqual(['organisations/org-honu/executions', 'organisations/org-kai/executions'])
    channel.emit(TOPIC, {
      kind: 'event',
      snapshot: true,
      data: { executions: [execution(), execution({ executionId: 'exec-k', organisationId: 'org-kai' })] },
    })
    expect(Object.keys(honu.getSnapshot().executions)).toEqual(['exec-1'])
    expect(kai.getSnapshot()).toEqual({ organisationId: 'org-kai', status: 'loading', executions: {} })
  })

  it('drops an event its schema rejects with a warning, and empties on a refusal', () => {
    const channel = fakeChannel()
    const logger = { warn: vi.fn(), error: vi.fn() }
    const store = createExecutionsStore({ channel, organisationId: 'org-honu', logger })
    store.subscribe(() => {})
    channel.emit(TOPIC, { kind: 'event', snapshot: true, data: { executions: [execution()] } })
    channel.emit(TOPIC, { kind: 'event', snapshot: false, data: { executions: [{ ...execution(), status: 'flying' }] } })
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(store.getSnapshot().executions['exec-1']!.status).toBe('running')
    channel.emit(TOPIC, { kind: 'state', state: { status: 'refused', code: 'forbidden' } } as LiveTopicUpdate)
    expect(store.getSnapshot()).toEqual({ organisationId: 'org-honu', status: 'refused', executions: {} })
  })
})

describe('getExecutionsStore', () => {
  it("is one per organisation and console, on the console's one live channel", () => {
    const options = {
      api: { baseUrl: 'http://api.invalid' },
      auth: createFakeAuthAdapter(),
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
      scheduler: createManualScheduler(),
      logger: { warn: vi.fn(), error: vi.fn() },
      createLiveSocket: () => {
        throw new Error('no socket in this test')
      },
    }
    const client = createConsoleClient(options)
    const other = createConsoleClient(options)
    const honu = getExecutionsStore(client, 'org-honu')
    expect(getExecutionsStore(client, 'org-honu')).toBe(honu)
    expect(getExecutionsStore(client, 'org-kai')).not.toBe(honu)
    expect(getExecutionsStore(other, 'org-honu')).not.toBe(honu)
    const stop = honu.subscribe(() => {})
    expect(getLiveClient(client).connection.getTopic(TOPIC)).toBeDefined()
    expect(getLiveClient(other).connection.getTopic(TOPIC)).toBeUndefined()
    stop()
    expect(getLiveClient(client).connection.getTopic(TOPIC)).toBeUndefined()
  })
})

describe('pickExecution', () => {
  const all = {
    done: execution({ executionId: 'done', status: 'completed', startedAt: 5_000, updatedAt: 9_000 }),
    old: execution({ executionId: 'old', status: 'running', startedAt: 1_000 }),
    new: execution({ executionId: 'new', status: 'paused', startedAt: 3_000 }),
  }
  it('shows the picked one while it is known, else the latest started of those under way', () => {
    expect(pickExecution(all, 'old')!.executionId).toBe('old')
    expect(pickExecution(all, 'gone')!.executionId).toBe('new')
    expect(pickExecution(all)!.executionId).toBe('new')
    expect(orderExecutions(all).map((e) => e.executionId)).toEqual(['new', 'old', 'done'])
  })
  it('shows the most recent one when none is under way, and nothing when there is none', () => {
    const ended = {
      a: execution({ executionId: 'a', status: 'aborted', updatedAt: 4_000 }),
      b: execution({ executionId: 'b', status: 'failed', reason: 'The vehicle refused the mission.', updatedAt: 6_000 }),
    }
    expect(pickExecution(ended)!.executionId).toBe('b')
    expect(pickExecution({})).toBeUndefined()
  })
})
