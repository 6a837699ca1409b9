import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import type { MapVehicle } from './map-vehicle'
import { VehicleMap, type VehicleMapProps } from './vehicle-map'

// The list beside the map, in jsdom (no worker address is set, so MapLibre is never loaded: the map says it cannot
// draw, and the list still shows). The map's drawing is tested in Chromium (stories, e2e/vehicles.spec.ts).

const NOW = Date.UTC(2026, 10, 27, 12)
const at = (lat: number): MapVehicle => ({ deviceId: 'kahu', time: NOW, position: { lat, lon: 10.15, altitudeM: 0 }, headingDeg: 90 })
const manu: MapVehicle = { deviceId: 'manu', time: NOW, position: { lat: 54.3, lon: 10.16, altitudeM: 0 } }

function setup() {
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1', fetch: vi.fn() },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  const props: VehicleMapProps = { vehicles: [at(54.1), manu], names: { kahu: 'USV Kahu', manu: 'USV Manu' }, now: () => NOW }
  const view = render(
    <ConsoleProvider client={client}>
      <VehicleMap {...props} />
    </ConsoleProvider>,
  )
  const rerender = (next: Partial<VehicleMapProps>) =>
    view.rerender(
      <ConsoleProvider client={client}>
        <VehicleMap {...props} {...next} />
      </ConsoleProvider>,
    )
  const kahuPosition = () => within(screen.getByRole('button', { name: /USV Kahu/ })).getByText(/^54\./).textContent
  return { rerender, kahuPosition }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the vehicle list beside the map', () => {
  it('shows the newest positions at most twice a second, not on every batch of the live channel', () => {
    vi.useFakeTimers({ now: NOW })
    const { rerender, kahuPosition } = setup()
    expect(kahuPosition()).toBe('54.10000, 10.15000')

    // The first change shows at once (nothing was shown in the last half second).
    rerender({ vehicles: [at(54.2), manu] })
    act(() => void vi.advanceTimersByTime(0))
    expect(kahuPosition()).toBe('54.20000, 10.15000')

    // Three batches within the next half second: none shows before it is over, then the newest does.
    rerender({ vehicles: [at(54.21), manu] })
    act(() => void vi.advanceTimersByTime(100))
    rerender({ vehicles: [at(54.22), manu] })
    act(() => void vi.advanceTimersByTime(100))
    rerender({ vehicles: [at(54.23), manu] })
    act(() => void vi.advanceTimersByTime(100))
    expect(kahuPosition()).toBe('54.20000, 10.15000')
    act(() => void vi.advanceTimersByTime(200))
    expect(kahuPosition()).toBe('54.23000, 10.15000')
  })

  it('marks a new selection at once', () => {
    vi.useFakeTimers({ now: NOW })
    const { rerender } = setup()
    rerender({ vehicles: [at(54.2), manu] })
    rerender({ vehicles: [at(54.3), manu], selectedId: 'manu' })
    expect(screen.getByRole('button', { name: /USV Manu/ })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: /USV Kahu/ })).toHaveAttribute('aria-pressed', 'false')
  })
})
