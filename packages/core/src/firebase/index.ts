export { createRemoteConfigFlagSource, toRemoteConfigError, type RemoteConfigFlagSourceOptions } from './create-remote-config-flag-source'
export { createFirebaseAuthAdapter, type FirebaseAuthAdapterOptions } from './create-firebase-auth-adapter'
