import { act, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { FIXTURE_TIME, heartbeatOnly, kahu } from './vehicle-fixtures'
import { vehicleMessages } from './vehicle-messages'
import { VehicleView, type VehicleViewProps } from './vehicle-view'

async function setup(props: Partial<VehicleViewProps> = {}, locale?: string) {
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1', fetch: vi.fn() },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
    locale,
  })
  await client.i18n.getState().prepare(vehicleMessages.translations)
  const base: VehicleViewProps = { name: 'USV Kahu', telemetry: kahu, now: FIXTURE_TIME + 2000, staleAfterMs: 5000, timeZone: 'UTC', ...props }
  const view = render(
    <ConsoleProvider client={client}>
      <VehicleView {...base} />
    </ConsoleProvider>,
  )
  const rerender = (next: Partial<VehicleViewProps>) =>
    view.rerender(
      <ConsoleProvider client={client}>
        <VehicleView {...base} {...next} />
      </ConsoleProvider>,
    )
  return { ...view, rerender }
}

/** The description list as [term, description] pairs. */
function values() {
  const list = screen.getByRole('group', { name: /Live state of|Live-Zustand von/ }).querySelector('dl')!
  return [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent])
}

describe('VehicleView', () => {
  it('shows every value in a description list, in US English, without axe violations', async () => {
    const { container } = await setup()
    expect(values()).toEqual([
      ['Position', '21.30123° N, 157.87456° W'],
      ['Heading', '272°'],
      ['Ground speed', '4.3 m/s'],
      ['Altitude', '3.2 m MSL, 0.4 m above home'],
      ['Battery', '76%, 42 min left · 15.2 V'],
      ['Flight mode', 'AUTO'],
      ['Armed', 'Armed'],
      ['GPS', '3D fix, 14 satellites'],
      ['Link quality', '98%'],
      ['Last message', '2 sec ago (12:05:03 AM)'],
    ])
    expect(screen.getByText('Live')).toBeVisible()
    await expectNoAxeViolations(container)
  })

  it('in German, with its units and 24-hour clock', async () => {
    await setup({}, 'de-DE')
    expect(values()).toEqual([
      ['Position', '21,30123° N, 157,87456° W'],
      ['Kurs', '272°'],
      ['Geschwindigkeit über Grund', '4,3 m/s'],
      ['Höhe', '3,2 m über NN, 0,4 m über Startpunkt'],
      ['Akku', '76\u00a0%, noch 42 Min. · 15,2 V'],
      ['Flugmodus', 'AUTO'],
      ['Scharf geschaltet', 'Scharf'],
      ['GPS', '3D-Fix, 14 Satelliten'],
      ['Verbindungsqualität', '98\u00a0%'],
      ['Letzte Nachricht', 'vor 2 Sek. (00:05:03)'],
    ])
  })

  it('says Unknown for what a vehicle has not reported', async () => {
    await setup({ telemetry: heartbeatOnly, name: 'Tender Honu' })
    expect(Object.fromEntries(values())).toMatchObject({
      Position: 'Unknown',
      Battery: 'Unknown',
      'Flight mode': 'HOLD',
      Armed: 'Disarmed',
      GPS: 'Unknown',
    })
  })

  it('waits for the first message without a list', async () => {
    await setup({ telemetry: undefined })
    expect(screen.getByText('Waiting for the first message from USV Kahu…')).toBeVisible()
    expect(screen.getByRole('group').querySelector('dl')).toBeNull()
  })

  it('marks the values stale after the stale time and says "Link lost" with the last message’s time; announces only losing and regaining the link', async () => {
    const { rerender } = await setup()
    const region = screen.getByRole('group', { name: 'Live state of USV Kahu' })
    const live = region.querySelector('[aria-live="polite"]')!
    expect(live).toHaveTextContent(/^$/)
    // Values changing while live are not announced.
    rerender({ telemetry: { ...kahu, groundSpeedMs: 5, time: FIXTURE_TIME + 1000 }, now: FIXTURE_TIME + 3000 })
    expect(live).toHaveTextContent(/^$/)
    // 5 s is not yet stale; just over is.
    rerender({ now: FIXTURE_TIME + 5000 })
    expect(region).toHaveAttribute('data-state', 'live')
    rerender({ now: FIXTURE_TIME + 5001 })
    expect(region).toHaveAttribute('data-state', 'stale')
    expect(within(region).getByText('Link lost: last message at 12:05:03 AM', { selector: '.honu-vehicle__badge' })).toBeVisible()
    expect(live).toHaveTextContent('Link lost: last message at 12:05:03 AM')
    expect(Object.fromEntries(values())['Ground speed']).toBe('4.3 m/s (stale)')
    // Time passing while lost changes the age shown, not the announcement.
    rerender({ now: FIXTURE_TIME + 9000 })
    expect(Object.fromEntries(values())['Last message']).toBe('9 sec ago (12:05:03 AM)')
    expect(live).toHaveTextContent('Link lost: last message at 12:05:03 AM')
    // A new message clears it.
    rerender({ telemetry: { ...kahu, time: FIXTURE_TIME + 9500 }, now: FIXTURE_TIME + 9600 })
    expect(region).toHaveAttribute('data-state', 'live')
    expect(live).toHaveTextContent('Link to USV Kahu regained')
    expect(Object.fromEntries(values())['Ground speed']).toBe('4.3 m/s')
  })

  it('says nothing aloud when it opens on a vehicle already lost', async () => {
    await setup({ now: FIXTURE_TIME + 60_000 })
    const region = screen.getByRole('group', { name: 'Live state of USV Kahu' })
    expect(region).toHaveAttribute('data-state', 'stale')
    expect(region.querySelector('[aria-live="polite"]')).toHaveTextContent(/^$/)
  })

  it('says nothing aloud when the first state to arrive is already stale', async () => {
    const { rerender } = await setup({ telemetry: undefined, now: FIXTURE_TIME + 60_000 })
    rerender({ telemetry: kahu, now: FIXTURE_TIME + 60_000 })
    const region = screen.getByRole('group', { name: 'Live state of USV Kahu' })
    expect(region).toHaveAttribute('data-state', 'stale')
    expect(region.querySelector('[aria-live="polite"]')).toHaveTextContent(/^$/)
  })

  it('shows the live channel’s state when it is not open', async () => {
    const { rerender } = await setup({ connection: 'reconnecting' })
    expect(screen.getByText('Live channel interrupted: reconnecting…')).toBeVisible()
    rerender({ connection: 'open' })
    expect(screen.queryByText(/Live channel/)).toBeNull()
  })

  it('links to the vehicle page, a plain click handed to the router', async () => {
    const onOpenPage = vi.fn()
    await setup({ pageHref: '/vehicles/alpha-usv-1', onOpenPage })
    const link = screen.getByRole('link', { name: 'Open the page of USV Kahu' })
    expect(link).toHaveAttribute('href', '/vehicles/alpha-usv-1')
    act(() => link.click())
    expect(onOpenPage).toHaveBeenCalledOnce()
  })
})
