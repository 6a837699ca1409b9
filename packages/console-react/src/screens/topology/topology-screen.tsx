import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { filterDevices, topologyWords, type TopologyState, type TopologyStore } from '@honu/core/topology'
import { useMessages, useTranslationsReady } from '@honu/console-kit'
import { usePaths } from '../../navigation/paths-context'
import { Loading, LoadStatus } from '../../ui/load-status'
import { useFocusHeading } from '../../ui/use-focus-heading'
import { DeviceList } from './device-list'
import { DevicePanel } from './device-panel'
import { FilterBar } from './filter-bar'
import { NetworksSection } from './networks-section'
import { graphMessages } from './graph/graph-messages'
import { topologyMessages } from './topology-messages'
import { useTopologyState, useTopologyStore } from './use-topology'

/** The two views of the topology (spec §2's child routes: the empty path and `networkgraph`). */
export type TopologyView = 'list' | 'graph'

// GRAPH's WebGL graph (sigma) loads with the graph view only: the list never carries it.
const TopologyGraph = lazy(() => import('./graph/topology-graph').then((m) => ({ default: m.TopologyGraph })))

// The translations the screen waits for.
const BOOKS = [topologyMessages.translations, graphMessages.translations, topologyWords.translations]

/** Props of {@link TopologyContent}. */
export interface TopologyContentProps {
  /** Which view: the device list or the graph. */
  view: TopologyView
  /** The topology store (the console's, from `getTopologyStore`; tests and stories may give their own). */
  store: TopologyStore
}

/**
 * The network topology screen (spec §2 `networktopology`, issue 16) over a topology store: its heading, the
 * List | Graph switch (links to the two child routes, so each view has its address and Back works), the filter the
 * two views share, the tenant's networks with their ranges and overlaps, then the devices as a list or a graph.
 * A device opened in either view shows in the same {@link DevicePanel}. Filter and selection live in the store, so
 * they stay when the view changes.
 */
export function TopologyContent({ view, store }: TopologyContentProps) {
  const t = useMessages(topologyMessages)
  const heading = useFocusHeading()
  const paths = usePaths()
  const state = useTopologyState(store)
  const [openId, setOpenId] = useState<string>()
  useTranslationsReady(BOOKS)
  const open = useCallback(
    (deviceId: string) => {
      store.select(deviceId)
      setOpenId(deviceId)
    },
    [store],
  )
  const { model, filter, selectedId } = state
  const shown = useMemo(() => (model ? filterDevices(model, filter) : []), [model, filter])
  const opened = openId && model ? model.devices.find((device) => device.id === openId) : undefined

  return (
    <section className="honu-topology" aria-labelledby="honu-work-area-title" data-view={view}>
      <div className="honu-topology__bar">
        <h1 id="honu-work-area-title" ref={heading} tabIndex={-1}>
          {t(view === 'list' ? 'titleList' : 'titleGraph')}
        </h1>
        <nav className="honu-topology__views" aria-label={t('views')}>
          <Link to={paths.networkTopology} className="honu-topology__view" aria-current={view === 'list' ? 'page' : undefined}>
            {t('list')}
          </Link>
          <Link to={paths.networkGraph} className="honu-topology__view" aria-current={view === 'graph' ? 'page' : undefined}>
            {t('graph')}
          </Link>
        </nav>
      </div>
      {view === 'list' && <FilterBar filter={filter} onChange={(patch) => store.setFilter(patch)} />}
      {!model ? (
        <TopologyStatus state={state} onRetry={() => void store.reload()} />
      ) : (
        <>
          {state.error !== undefined && (
            <p className="honu-error" role="alert">
              {t('refreshFailed')}
            </p>
          )}
          {state.presence === 'refused' && <p className="honu-muted">{t('presenceRefused')}</p>}
          {view === 'list' ? (
            <NetworksSection
              tenant={model.tenant}
              networks={model.networks}
              devices={model.devices}
              selectedId={selectedId}
              onSelect={(id) => store.select(id)}
            />
          ) : (
            // The graph view gives the canvas the screen: the filters and the network cards (which the graph also
            // draws) are a click away, closed at first.
            <details className="honu-topology__more">
              <summary>{t('filtersAndNetworks')}</summary>
              <FilterBar filter={filter} onChange={(patch) => store.setFilter(patch)} />
              <NetworksSection
                tenant={model.tenant}
                networks={model.networks}
                devices={model.devices}
                selectedId={selectedId}
                onSelect={(id) => store.select(id)}
              />
            </details>
          )}
          <p className="honu-muted honu-topology__count" role="status">
            {t('shown', { shown: shown.length, total: model.devices.length })}
          </p>
          {view === 'list' ? (
            <DeviceList
              tenant={model.tenant}
              devices={shown}
              networks={model.networks}
              total={model.devices.length}
              selectedId={selectedId}
              onOpen={open}
            />
          ) : (
            <Suspense fallback={<Loading />}>
              <TopologyGraph model={model} filter={filter} selectedId={selectedId} onSelect={(id) => store.select(id)} onOpen={open} />
            </Suspense>
          )}
          {opened && <DevicePanel device={opened} networks={model.networks} onClose={() => setOpenId(undefined)} />}
        </>
      )}
    </section>
  )
}

/** Loading, or the first load's failure with a way to try again. */
function TopologyStatus({ state, onRetry }: { state: TopologyState; onRetry: () => void }) {
  const t = useMessages(topologyMessages)
  return (
    <LoadStatus
      state={state.status === 'failed' ? { status: 'error', error: state.error } : { status: 'loading' }}
      what={t('theTopology')}
      loading={t('loading')}
      onRetry={onRetry}
    />
  )
}

/** The list view (`/networktopology`): the console's topology store. */
export function TopologyListScreen() {
  return <TopologyContent view="list" store={useTopologyStore()} />
}

/** The graph view (`/networktopology/networkgraph`): the console's topology store. */
export function TopologyGraphScreen() {
  return <TopologyContent view="graph" store={useTopologyStore()} />
}
