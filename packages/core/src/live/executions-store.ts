import type { ConsoleClient } from '../client/create-console-client'
import type { Logger } from '../platform/logger'
import { getLiveClient } from './create-live-client'
import type { LiveChannel, LiveTopicUpdate } from './live-channel'
import { executionsTopic, parseExecutionsEventData, type MissionExecutionState, type MissionExecutionStatus } from './protocol'

// An organisation's mission executions, live (issue 25): one framework-free store per organisation over the
// console's one live channel (the `organisations/<id>/executions` topic), and the pure choice of the execution a
// status display shows.

/**
 * One organisation's executions: `idle` (nobody listens yet), `loading` (waiting for the snapshot), `live` (the
 * snapshot came; deltas follow), `refused` (the server refused the topic: mission planning off, or not a member).
 */
export interface ExecutionsState {
  organisationId: string
  status: 'idle' | 'loading' | 'live' | 'refused'
  /** The latest state per execution id; only executions of `organisationId`. A new object on every change. */
  executions: Readonly<Record<string, MissionExecutionState>>
}

export interface ExecutionsStoreOptions {
  channel: Pick<LiveChannel, 'subscribeTopic'>
  organisationId: string
  logger: Logger
}

/** The executions of one organisation, fed by the live channel. Framework-free (`useSyncExternalStore`-ready). */
export interface ExecutionsStore {
  getSnapshot(): ExecutionsState
  /** While it has listeners, the store holds the organisation's `executions` topic (ref-counted on the channel). */
  subscribe(listener: () => void): () => void
}

/**
 * Creates the executions store of one organisation: the snapshot replaces everything (also after a reconnect, when
 * the channel subscribes again), deltas merge by execution id, another organisation's execution is never kept.
 *
 * @example
 * const store = createExecutionsStore({ channel: getLiveClient(client).connection, organisationId: 'org-honu', logger })
 * const stop = store.subscribe(() => render(store.getSnapshot().executions))
 */
export function createExecutionsStore(options: ExecutionsStoreOptions): ExecutionsStore {
  const { channel, organisationId, logger } = options
  let state: ExecutionsState = { organisationId, status: 'idle', executions: {} }
  const listeners = new Set<() => void>()
  let unsubscribeTopic: (() => void) | undefined

  const setState = (next: ExecutionsState) => {
    state = next
    for (const listener of [...listeners]) listener()
  }

  const onUpdate = (update: LiveTopicUpdate) => {
    if (update.kind === 'state') {
      if (update.state.status === 'refused') setState({ organisationId, status: 'refused', executions: {} })
      return
    }
    const parsed = parseExecutionsEventData(update.data)
    if (!parsed.ok) {
      logger.warn('[@honu/core] live channel: dropped executions the schema rejects:', parsed.error)
      return
    }
    const executions: Record<string, MissionExecutionState> = update.snapshot ? {} : { ...state.executions }
    // Another organisation's execution never shows, whatever the server sent.
    for (const execution of parsed.value.executions) {
      if (execution.organisationId === organisationId) executions[execution.executionId] = execution
    }
    setState({ organisationId, status: 'live', executions })
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1 && !unsubscribeTopic) {
        // What was heard before the last listener left may be stale: wait for the new snapshot. Set without a
        // notification: a listener being added reads the snapshot after subscribing (useSyncExternalStore does).
        if (state.status !== 'loading') state = { organisationId, status: 'loading', executions: state.executions }
        unsubscribeTopic = channel.subscribeTopic(executionsTopic(organisationId), onUpdate)
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unsubscribeTopic?.()
        unsubscribeTopic = undefined
      }
    },
  }
}

/** The key of the executions stores among a console's extensions. */
export const EXECUTIONS_KEY = '@honu/core/live/executions'

interface ExecutionsExtension {
  of(organisationId: string): ExecutionsStore
  start(): void
  stop(): void
}

/**
 * The executions store of an organisation in a console: one per organisation and console, on the console's one
 * live channel (no socket of its own). The channel's start and stop are the live client's.
 *
 * @example
 * const store = getExecutionsStore(client, 'org-honu')
 */
export function getExecutionsStore(client: Pick<ConsoleClient, 'use' | 'connection'>, organisationId: string): ExecutionsStore {
  const extension = client.use<ExecutionsExtension>(EXECUTIONS_KEY, ({ logger }) => {
    const stores = new Map<string, ExecutionsStore>()
    return {
      of(id) {
        let store = stores.get(id)
        if (!store) {
          store = createExecutionsStore({ channel: getLiveClient(client).connection, organisationId: id, logger })
          stores.set(id, store)
        }
        return store
      },
      start() {},
      stop() {},
    }
  })
  return extension.of(organisationId)
}

/** Statuses of an execution still under way: the vehicle may be commanded. */
export const ACTIVE_EXECUTION_STATUSES: readonly MissionExecutionStatus[] = ['pending', 'uploading', 'running', 'paused']

/** Whether an execution is still under way (pending, uploading, running or paused). */
export const isExecutionActive = (execution: Pick<MissionExecutionState, 'status'>): boolean => ACTIVE_EXECUTION_STATUSES.includes(execution.status)

const startedOrChanged = (e: MissionExecutionState) => e.startedAt ?? e.updatedAt

/**
 * The executions a status display offers, in its order: those under way first (latest started first), then the
 * ended ones (latest changed first).
 */
export function orderExecutions(executions: Readonly<Record<string, MissionExecutionState>>): MissionExecutionState[] {
  return Object.values(executions).sort((a, b) => {
    const active = Number(isExecutionActive(b)) - Number(isExecutionActive(a))
    if (active !== 0) return active
    const time = isExecutionActive(a) ? startedOrChanged(b) - startedOrChanged(a) : b.updatedAt - a.updatedAt
    return time !== 0 ? time : a.executionId.localeCompare(b.executionId)
  })
}

/**
 * The execution a status display shows: the one picked while it is known, else the running one (the latest started
 * when several are under way), else the most recent one; `undefined` when there is none.
 */
export function pickExecution(executions: Readonly<Record<string, MissionExecutionState>>, pickedId?: string): MissionExecutionState | undefined {
  if (pickedId && executions[pickedId]) return executions[pickedId]
  return orderExecutions(executions)[0]
}
