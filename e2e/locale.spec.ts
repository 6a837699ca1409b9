import { expect, test, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, PASSWORD } from './helpers'

// Messages and locales (issue 12): US English by default (spec §9: Sunday-first week, 12-hour clock), German as the
// second language, chosen by the host (the reference app passes the browser's language to <Console locale>) or by
// the user in the preferences. Dates are UTC date strings in the active language (spec §3).

/** A stream's update_time as the list shows it: weekday, date and a 12-hour time in US English. */
const ENGLISH_DATE = /Updated (Sun|Mon|Tue|Wed|Thu|Fri|Sat), [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM) UTC/
/** The same in German: German weekday and month, day before month, 24-hour time. */
const GERMAN_DATE = /Aktualisiert (Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. [A-ZÄÖÜ][a-zä]+\.? \d{4}, \d{2}:\d{2}:\d{2} UTC/

/** Waits for the screen's own heading (the working screens load on first visit), then checks it with axe. */
async function screenIs(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expectNoAxeViolations(page)
}

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' })

  test('every screen in German, with German dates, and axe finds nothing', { tag: '@serial' }, async ({ page }) => {
    // Every screen, a video played, failed and played again (up to 30 s each way): over a minute on a slow machine.
    test.setTimeout(150_000)
    // Before signing in: the sign-in card screens.
    await page.goto('/auth/action')
    await screenIs(page, 'Passwort zurücksetzen')
    await expect(page.locator('.honu-console')).toHaveAttribute('lang', 'de-DE')
    await page.goto('/mfasignin')
    await screenIs(page, 'Zweiter Faktor')
    await expect(page.getByRole('alert')).toHaveText('Keine ausstehende Anmeldung mit zweitem Faktor')
    await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click()
    await screenIs(page, 'Anmelden')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByRole('alert')).toHaveText('Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.')

    await page.getByLabel('E-Mail').fill('wes@honu.test')
    await page.getByLabel('Passwort').fill(PASSWORD)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await screenIs(page, 'Mandanten wählen')
    await page.getByRole('button', { name: /Alpha Harbour/ }).click()

    // The streams screen: its controls, the stream list with each stream's date, the header and navigation.
    await screenIs(page, 'Streams')
    await expect(page.getByRole('button', { name: 'Streamliste ausblenden' })).toBeVisible()
    await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera')
    await expect(page.locator('.honu-stream__updated').first()).toHaveText(GERMAN_DATE)
    await expect(page.getByRole('button', { name: /^Benutzerkonto: / })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Widget hinzufügen' })).toBeVisible()
    await expect(page.getByText('Wählen Sie einen Stream in der Streamliste, um ihn hier anzuzeigen.')).toBeVisible()

    // A stream on the dashboard: its tile's controls, the player's states and its retry countdown (an ICU plural).
    // German puts the verb last ('Stern camera bearbeiten'): the toggle is the one saying whether it is shown.
    await page.getByRole('button', { name: 'Stern camera (nicht angezeigt)' }).click()
    const tile = page.getByRole('group', { name: 'Stern camera' })
    await expect(tile.getByRole('button', { name: 'Vollbild: Stern camera' })).toBeVisible()
    await expect(tile.locator('.honu-video')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })
    await expect(tile.locator('.honu-video__stats')).toContainText('fps')
    await expectNoAxeViolations(page)
    expect((await page.request.post(`${API}/media/test/alpha-stern/down`)).ok()).toBe(true)
    try {
      await expect(tile.locator('.honu-video__badge')).toHaveText('Kein Video', { timeout: 30_000 })
      await expect(tile.locator('.honu-video__reason')).toContainText(/Neuer Versuch in \d+ Sekunden?\./)
      await expect(tile.getByRole('button', { name: 'Jetzt erneut versuchen' })).toBeVisible()
    } finally {
      expect((await page.request.post(`${API}/media/test/alpha-stern/up`)).ok()).toBe(true)
    }
    await expect(tile.locator('.honu-video')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 })

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Netzwerktopologie' }).click()
    await screenIs(page, 'Netzwerktopologie')
    // The topology's list in German: its networks, its filter's help and the device states in words.
    await expect(page.getByRole('heading', { level: 2, name: /^Netzwerke von Alpha Harbour/ })).toBeVisible()
    await expect(page.getByText('Name, Adresse, Art oder Netzwerk.')).toBeVisible()
    await expect(page.getByRole('table').getByText('Online').first()).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Administrationskonsole' }).click()
    await screenIs(page, 'Administrationskonsole')

    // At 600 px (spec §9) the long German words wrap: nothing sticks out sideways. The navigation is folded into a
    // menu there (under 1024 px).
    await page.setViewportSize({ width: 600, height: 900 })
    for (const heading of ['Streams', 'Netzwerktopologie']) {
      await page.getByRole('button', { name: 'Navigation' }).click()
      await page.getByRole('menuitemradio', { name: heading }).click()
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)
      expect(sideways, `${heading} at 600 px`).toBe(0)
    }

    await page.goto('/nowhere-at-all')
    await screenIs(page, 'Seite nicht gefunden')
    await expect(page.getByRole('link', { name: 'Zur Konsole' })).toBeVisible()
  })

  test('the mission-planning screens in German', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('E-Mail').fill('ops@honu.test')
    await page.getByLabel('Passwort').fill(PASSWORD)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await screenIs(page, 'Wohin möchten Sie?')
    await page.getByRole('link', { name: /MissionPlanning/ }).click()
    await screenIs(page, 'Organisation wählen')
    await page.getByRole('button', { name: 'Honu Ocean Operations' }).click()
    await screenIs(page, 'Missionsdurchführung')
    await expect(page.getByRole('link', { name: 'Missionsauswertung' })).toBeVisible()
  })
})

test('a user switches to German in the preferences: the screen re-renders in German, dates too, and back', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('E-mail').fill('wes@honu.test')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await screenIs(page, 'Streams')
  await expect(page.locator('.honu-stream__updated').first()).toHaveText(ENGLISH_DATE)
  await expect(page.getByRole('button', { name: 'Hide stream list' })).toBeVisible()

  await page.getByRole('button', { name: /^Account: / }).click()
  await page.getByRole('menuitem', { name: 'Preferences' }).click()
  await page.getByRole('dialog', { name: 'Preferences' }).getByLabel('Language').selectOption('de-DE')
  // The open dialog and the screen behind it re-render in German.
  const dialog = page.getByRole('dialog', { name: 'Einstellungen' })
  await expect(dialog.getByLabel('Sprache')).toHaveValue('de-DE')
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Fertig' }).click()
  await expect(page.locator('.honu-console')).toHaveAttribute('lang', 'de-DE')
  await expect(page.getByRole('button', { name: 'Streamliste ausblenden' })).toBeVisible()
  await expect(page.locator('.honu-stream__updated').first()).toHaveText(GERMAN_DATE)
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Zusammenarbeit' })).toBeVisible()
  await expectNoAxeViolations(page)

  // Remembered for this user: a reload keeps German.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Streamliste ausblenden' })).toBeVisible()

  await page.getByRole('button', { name: /^Benutzerkonto: / }).click()
  await page.getByRole('menuitem', { name: 'Einstellungen' }).click()
  await page.getByRole('dialog', { name: 'Einstellungen' }).getByLabel('Sprache').selectOption('en-US')
  await page.getByRole('dialog', { name: 'Preferences' }).getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('button', { name: 'Hide stream list' })).toBeVisible()
  await expect(page.locator('.honu-stream__updated').first()).toHaveText(ENGLISH_DATE)
})
