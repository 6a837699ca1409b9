export { createFakeAuthAdapter, type FakeAuthAdapter, type FakeAuthAdapterOptions } from './create-fake-auth-adapter'
export { createManualScheduler, type ManualScheduler } from './create-manual-scheduler'
export { createMemoryStorage } from '../platform/storage-adapter'
export { createFakeServer, type FakeAnswer, type FakeServer } from './create-fake-server'
