export { consoleLogger, type Logger } from './logger'
export { globalScheduler, type Scheduler } from './scheduler'
export type { LiveSocket, LiveSocketFactory } from './live-socket'
export {
  createMemoryStorage,
  createNamespacedStorage,
  createBrowserStorage,
  readJson,
  writeJson,
  type StorageAdapter,
  type ConsoleStorage,
} from './storage-adapter'
export type { PersistedStore, StoreLifecycle } from './persist'
