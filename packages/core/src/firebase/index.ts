export {
  createRemoteConfigFlagSource,
  toRemoteConfigError,
  type RemoteConfigFlagSourceOptions,
} from './create-remote-config-flag-source'
