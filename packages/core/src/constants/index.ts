export * from './timing'
export { REMOTE_CONFIG } from './remote-config'
