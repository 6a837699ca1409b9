// A test probe, not part of what a partner writes: `hls.js` as the widgets import it (aliased in vite.config.ts),
// recording each hls.js instance the page creates, when it is destroyed, the element it attaches to and every
// playlist and segment request it starts. e2e/partners/partner-react18.spec.ts reads `window.__hlsProbe`.
import Hls from 'hls.js/dist/hls.mjs'

export interface ProbeLoad {
  url: string
  segment: boolean
  at: number
  /** Started after this instance's destroy(). */
  afterDestroy: boolean
  /** How many instances were alive (created, not destroyed) when it started, this one included. */
  alive: number
}
export interface ProbeInstance {
  id: number
  createdAt: number
  destroyedAt?: number
  media?: HTMLMediaElement
  loads: ProbeLoad[]
}

const probe = ((window as unknown as { __hlsProbe?: { instances: ProbeInstance[] } }).__hlsProbe ??= { instances: [] })

type Config = NonNullable<ConstructorParameters<typeof Hls>[0]>

export default class ProbedHls extends Hls {
  readonly #entry: ProbeInstance

  constructor(config: Partial<Config> = {}) {
    const entry: ProbeInstance = { id: probe.instances.length + 1, createdAt: performance.now(), loads: [] }
    const Base = (config.loader ?? Hls.DefaultConfig.loader) as unknown as new (c: unknown) => {
      load(context: { url: string; frag?: unknown }, ...rest: unknown[]): void
    }
    class ProbedLoader extends Base {
      load(context: { url: string; frag?: unknown }, ...rest: unknown[]) {
        entry.loads.push({
          url: context.url,
          segment: Boolean(context.frag),
          at: performance.now(),
          afterDestroy: entry.destroyedAt !== undefined,
          alive: probe.instances.filter((i) => i.destroyedAt === undefined).length,
        })
        super.load(context, ...rest)
      }
    }
    super({ ...config, loader: ProbedLoader as unknown as Config['loader'] })
    this.#entry = entry
    probe.instances.push(entry)
  }

  override attachMedia(media: HTMLMediaElement) {
    this.#entry.media = media
    super.attachMedia(media)
  }

  override destroy() {
    this.#entry.destroyedAt ??= performance.now()
    super.destroy()
  }
}
