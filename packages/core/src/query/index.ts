// @honu/core/query: the console's one query cache (keyed, shared loads, invalidation, retry when the connection
// returns, patches from the live channel). Its own entry, so neither the main entry nor the sign-in page grows.
export * from './query-cache'
export * from './get-query-cache'
export * from './api-queries'
