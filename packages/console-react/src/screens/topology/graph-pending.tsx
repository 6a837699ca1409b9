import type { TopologyFilter, TopologyModel } from '@honu/core/topology'

/**
 * Stands in for GRAPH's `graph/topology-graph.tsx` until it lands (same props, contract D): the screen's graph
 * view lazily loads this module. Removed when the graph is committed.
 */
export function TopologyGraph(props: { model: TopologyModel; filter: TopologyFilter; selectedId?: string; onSelect: (id: string | undefined) => void; onOpen: (deviceId: string) => void }) {
  return (
    <section className="honu-muted" aria-label={`Network graph of ${props.model.tenant.name}`}>
      <p>…</p>
    </section>
  )
}
