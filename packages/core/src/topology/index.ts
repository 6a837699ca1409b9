// @honu/core/topology: the network topology of the selected tenant (issue 16): one model for the list, the graph
// and the Tenant widget (networks with ranges and overlaps, devices with their network and live state, counts),
// the filter and the selection they share. Its own entry: it brings the live channel, which the login route must not.
export * from './topology-model'
export * from './topology-store'
export * from './topology-words'
