/**
 * Local development: each v2 resource family may run on its own port. Maps a resource name (the leading path
 * segments, e.g. `user`, `asset/group`) to the base address serving it.
 */
export type V2ServiceMap = Readonly<Record<string, string>>

/**
 * The address of a v2 resource path: the longest matching prefix in `services` wins (so `asset/group` can be
 * served apart from `asset`), else the v2 base (spec §7).
 *
 * @example resolveV2Url('user/abc', 'https://api/v2', { user: 'http://localhost:7003' }) // 'http://localhost:7003/user/abc'
 */
export function resolveV2Url(path: string, v2BaseUrl: string, services: V2ServiceMap = {}): string {
  const clean = path.replace(/^\/+/, '')
  const segments = clean.split(/[/?]/)
  for (let n = segments.length; n > 0; n--) {
    const key = segments.slice(0, n).join('/')
    const service = services[key]
    if (service) return `${service.replace(/\/+$/, '')}/${clean}`
  }
  return `${v2BaseUrl.replace(/\/+$/, '')}/${clean}`
}
